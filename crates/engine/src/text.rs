//! Text helpers the games' drawings share.

/// Splits `text` into lines of at most `width` characters at spaces (a word longer than
/// `width` keeps a line of its own); runs of whitespace count as one space.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    #[test]
    fn lines_break_between_words_within_the_width() {
        assert_eq!(
            wrap_words("Each linked set  one colour.", 12),
            vec!["Each linked", "set one", "colour."]
        );
        assert_eq!(
            wrap_words("Supercalifragilistic x", 5),
            vec!["Supercalifragilistic", "x"]
        );
        assert!(wrap_words("   ", 5).is_empty());
    }
}
