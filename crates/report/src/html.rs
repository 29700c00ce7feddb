//! The report as one self-contained HTML page: tables, inline SVG plots and the definitions.

use std::fmt::Write as _;

use serde_json::Value;

use crate::plots::{interval_chart, line_chart, Bar, Series};
use crate::{Report, ReportError, Run, Variant, DEFINITIONS, PROGRESS_BINS};

/// The most categories the breakdown plot shows.
const MAX_PLOTTED_CATEGORIES: usize = 16;

/// Escapes text for HTML and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn interval(lo: f64, hi: f64) -> String {
    format!("[{:.1}, {:.1}]", 100.0 * lo, 100.0 * hi)
}

const STYLE: &str = "body{font-family:sans-serif;max-width:820px;margin:1em auto;color:#212121}\
h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc;margin-top:1.6em}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}\
th:first-child,td:first-child{text-align:left}figure{margin:.5em 0}dt{font-weight:bold}\
.yes{color:#c62828;font-weight:bold}";

/// Counts the plots that the browser laid out with a real size and something drawn in them, and
/// writes the count on the body: what the headless browser test reads back.
const CHECK: &str = "<script>(function(){var p=document.querySelectorAll('svg.plot');var d=0;\
p.forEach(function(s){var r=s.getBoundingClientRect();if(r.width>100&&r.height>60&&\
s.querySelectorAll('rect,polyline,path,line').length>3){d++;}});\
document.body.setAttribute('data-plots',p.length);document.body.setAttribute('data-plots-drawn',d);})();</script>";

/// A `<figure>` around a plot.
fn figure(out: &mut String, svg: Result<String, String>) -> Result<(), ReportError> {
    let svg = svg.map_err(ReportError::Plot)?;
    let _ = write!(out, "<figure>{svg}</figure>");
    Ok(())
}

fn seat_name(seats: &[String], s: usize) -> String {
    match seats.get(s) {
        Some(bot) => format!("Player {} ({bot})", s + 1),
        None => format!("Player {}", s + 1),
    }
}

fn histogram_series(name: &str, h: &Value) -> Series {
    let from = h["from"].as_f64().unwrap_or(0.0);
    let width = h["width"].as_f64().unwrap_or(1.0);
    let counts = h["counts"].as_array().cloned().unwrap_or_default();
    Series {
        name: name.to_string(),
        points: counts
            .iter()
            .enumerate()
            .map(|(i, c)| (from + width * (i as f64 + 0.5), c.as_f64().unwrap_or(0.0)))
            .collect(),
    }
}

impl Report {
    /// The report as a self-contained HTML page.
    pub fn to_html(&self) -> Result<String, ReportError> {
        let mut out = String::new();
        let title = format!("{}: designer report", self.info.title);
        let _ = write!(
            out,
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>",
            escape(&title)
        );
        let games: u64 = self.runs.iter().map(Run::games).sum();
        let _ = write!(
            out,
            "<h1>{}</h1><p>{games} games, {} player{}, seats: {}; game i of each variant is played with seed derive_seed({}, i), as <code>sylvan sim</code> does.</p>",
            escape(&title),
            self.players,
            if self.players == 1 { "" } else { "s" },
            escape(&self.seats.join(", ")),
            self.seed
        );
        if self.runs.len() > 1 {
            self.overview(&mut out)?;
        }
        for run in &self.runs {
            self.run_section(&mut out, run)?;
        }
        out.push_str("<h2>Definitions</h2><dl>");
        for (term, meaning) in DEFINITIONS {
            let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", escape(term), escape(meaning));
        }
        out.push_str("</dl>");
        out.push_str(CHECK);
        out.push_str("</body></html>\n");
        Ok(out)
    }

    /// Solo levels or the two compared variants side by side.
    fn overview(&self, out: &mut String) -> Result<(), ReportError> {
        let solo = self
            .runs
            .iter()
            .all(|r| matches!(r.variant, Variant::Level(_)));
        if solo {
            out.push_str("<h2>Success per level</h2>");
            let bars: Vec<Bar> = self
                .runs
                .iter()
                .map(|r| Bar {
                    label: r.label.clone(),
                    value: r.win_rate(0),
                    interval: r.win_rate_ci95(0),
                })
                .collect();
            figure(
                out,
                interval_chart(
                    "Solo success rate per level",
                    "success rate",
                    &bars,
                    None,
                    true,
                ),
            )?;
            out.push_str("<table><tr><th>level</th><th>games</th><th>success</th><th>95% interval</th><th>mean score</th></tr>");
            for r in &self.runs {
                let (lo, hi) = r.win_rate_ci95(0);
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td></tr>",
                    escape(&r.label),
                    r.games(),
                    pct(r.win_rate(0)),
                    interval(lo, hi),
                    r.score_mean(0)
                );
            }
            out.push_str("</table>");
            return Ok(());
        }
        let Some(compare) = self.comparison() else {
            return Ok(());
        };
        out.push_str("<h2>Comparison of the two variants (B − A, same seeds)</h2>");
        let mut bars = Vec::new();
        for s in 0..self.players {
            for r in &self.runs {
                bars.push(Bar {
                    label: format!("{} P{}", r.label.chars().next().unwrap_or('?'), s + 1),
                    value: r.win_rate(s),
                    interval: r.win_rate_ci95(s),
                });
            }
        }
        figure(
            out,
            interval_chart(
                "Win rate per seat under A and B",
                "win rate",
                &bars,
                Some(1.0 / self.players as f64),
                true,
            ),
        )?;
        out.push_str("<table><tr><th>figure</th><th>A</th><th>B</th><th>B − A</th><th>95% interval</th><th>p</th><th>significant</th></tr>");
        let row = |out: &mut String, name: String, a: String, b: String, d: &Value, scale: f64| {
            let diff = d["difference"].as_f64().unwrap_or(0.0) * scale;
            let lo = d["ci95"][0].as_f64().unwrap_or(0.0) * scale;
            let hi = d["ci95"][1].as_f64().unwrap_or(0.0) * scale;
            let sig = d["significant"].as_bool().unwrap_or(false);
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{a}</td><td>{b}</td><td>{diff:+.2}</td><td>[{lo:+.2}, {hi:+.2}]</td><td>{:.3}</td><td{}>{}</td></tr>",
                escape(&name),
                d["p"].as_f64().unwrap_or(1.0),
                if sig { " class=\"yes\"" } else { "" },
                if sig { "yes" } else { "no" }
            );
        };
        let (a, b) = (&self.runs[0], &self.runs[1]);
        for s in 0..self.players {
            row(
                out,
                format!("Player {} win rate (points of %)", s + 1),
                pct(a.win_rate(s)),
                pct(b.win_rate(s)),
                &compare["win_rate"][s],
                100.0,
            );
        }
        for s in 0..self.players {
            row(
                out,
                format!("Player {} mean score", s + 1),
                format!("{:.2}", a.score_mean(s)),
                format!("{:.2}", b.score_mean(s)),
                &compare["score_mean"][s],
                1.0,
            );
        }
        row(
            out,
            "decisions per game".into(),
            format!("{:.1}", a.length_decisions().mean),
            format!("{:.1}", b.length_decisions().mean),
            &compare["decisions_per_game"],
            1.0,
        );
        out.push_str("</table>");
        Ok(())
    }

    fn run_section(&self, out: &mut String, run: &Run) -> Result<(), ReportError> {
        let players = run.players();
        let json = run.to_json();
        let _ = write!(
            out,
            "<h2>{}</h2><p>Options: <code>{}</code>. {} games, {:.1} decisions per game.</p>",
            escape(&run.label),
            escape(&run.options.to_string()),
            run.games(),
            run.decisions() as f64 / run.games().max(1) as f64
        );
        // Win rates.
        let bars: Vec<Bar> = (0..players)
            .map(|s| Bar {
                label: seat_name(&self.seats, s),
                value: run.win_rate(s),
                interval: run.win_rate_ci95(s),
            })
            .collect();
        let (chart_title, fair) = if players == 1 {
            ("Success rate".to_string(), None)
        } else {
            (
                "Win rate per seat (95% interval; dashed: a fair share)".to_string(),
                Some(1.0 / players as f64),
            )
        };
        figure(
            out,
            interval_chart(&chart_title, "win rate", &bars, fair, true),
        )?;
        out.push_str("<table><tr><th>seat</th><th>win rate</th><th>95% interval</th><th>mean score</th><th>sd</th></tr>");
        for s in 0..players {
            let (lo, hi) = run.win_rate_ci95(s);
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td></tr>",
                escape(&seat_name(&self.seats, s)),
                pct(run.win_rate(s)),
                interval(lo, hi),
                run.score_mean(s),
                run.score_std(s)
            );
        }
        let _ = write!(
            out,
            "</table><p>{} games won jointly (shared), {} with no winner.</p>",
            run.shared_wins(),
            run.no_winner()
        );
        // Scores.
        let series: Vec<Series> = (0..players)
            .map(|s| histogram_series(&format!("Player {}", s + 1), &json["score_histogram"][s]))
            .collect();
        figure(
            out,
            line_chart(
                "Final score distribution per seat",
                "points",
                "games",
                &series,
            ),
        )?;
        let categories = json["categories"].as_array().cloned().unwrap_or_default();
        // A long breakdown (goal cards per round) is plotted by its largest categories; the
        // table and the JSON keep all of them.
        let weight = |c: &Value| -> f64 {
            (0..players)
                .map(|s| c["mean"][s].as_f64().unwrap_or(0.0).abs())
                .sum()
        };
        let mut plotted: Vec<&Value> = categories.iter().collect();
        plotted.sort_by(|a, b| weight(b).total_cmp(&weight(a)));
        plotted.truncate(MAX_PLOTTED_CATEGORIES);
        let shown: Vec<&Value> = categories
            .iter()
            .filter(|c| plotted.iter().any(|p| std::ptr::eq(*p, *c)))
            .collect();
        let mut bars = Vec::new();
        for c in shown {
            for s in 0..players {
                let mean = c["mean"][s].as_f64().unwrap_or(0.0);
                let sd = c["std"][s].as_f64().unwrap_or(0.0);
                let half = crate::stats::Z95 * sd / run.n().max(1.0).sqrt();
                bars.push(Bar {
                    label: format!("{} · P{}", c["name"].as_str().unwrap_or(""), s + 1),
                    value: mean,
                    interval: (mean - half, mean + half),
                });
            }
        }
        if !bars.is_empty() {
            figure(
                out,
                interval_chart(
                    &if categories.len() > MAX_PLOTTED_CATEGORIES {
                        format!(
                            "Mean points of the {MAX_PLOTTED_CATEGORIES} largest of {} categories per seat (95% interval of the mean)",
                            categories.len()
                        )
                    } else {
                        "Mean points per scoring category and seat (95% interval of the mean)"
                            .to_string()
                    },
                    "points",
                    &bars,
                    None,
                    false,
                ),
            )?;
        }
        out.push_str("<table><tr><th>category</th>");
        for s in 0..players {
            let _ = write!(out, "<th>P{} mean ± sd</th>", s + 1);
        }
        out.push_str("</tr>");
        for c in &categories {
            let _ = write!(
                out,
                "<tr><td>{}</td>",
                escape(c["name"].as_str().unwrap_or(""))
            );
            for s in 0..players {
                let _ = write!(
                    out,
                    "<td>{:.2} ± {:.2}</td>",
                    c["mean"][s].as_f64().unwrap_or(0.0),
                    c["std"][s].as_f64().unwrap_or(0.0)
                );
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
        // Length.
        let length = &json["length"];
        figure(
            out,
            line_chart(
                "Game length",
                "decisions (chance included)",
                "games",
                &[histogram_series(
                    "decisions",
                    &length["decisions_histogram"],
                )],
            ),
        )?;
        let m = |k: &str, f: &str| length[k][f].as_f64().unwrap_or(0.0);
        let _ = write!(
            out,
            "<p>Length: {:.1} ± {:.1} decisions (chance included), {:.1} ± {:.1} seat decisions, {:.1} ± {:.1} turns, {:.1} ± {:.1} rounds.</p>",
            m("decisions", "mean"), m("decisions", "std"),
            m("seat_decisions", "mean"), m("seat_decisions", "std"),
            m("turns", "mean"), m("turns", "std"),
            m("rounds", "mean"), m("rounds", "std"),
        );
        // Balance measures.
        let (branching, by_tenth) = run.branching();
        figure(
            out,
            line_chart(
                "Branching factor over the game",
                "tenth of the game (seat decisions)",
                "legal actions",
                &[Series {
                    name: "mean legal actions".into(),
                    points: (0..PROGRESS_BINS)
                        .map(|i| (i as f64 + 1.0, by_tenth[i]))
                        .collect(),
                }],
            ),
        )?;
        out.push_str("<table><tr><th>measure</th><th>value</th></tr>");
        let measure = |out: &mut String, name: &str, value: String| {
            let _ = write!(out, "<tr><td>{}</td><td>{value}</td></tr>", escape(name));
        };
        measure(out, "branching factor", format!("{branching:.2}"));
        match (
            run.drawishness(),
            run.lead_changes(),
            run.lead_change_rate(),
            run.drama(),
            run.comebacks(),
            run.decisiveness(),
        ) {
            (Some(draw), Some(lead), Some(rate), Some(drama), Some(back), Some(decisive)) => {
                measure(out, "drawishness", format!("{:.2}%", 100.0 * draw));
                measure(
                    out,
                    "lead changes per game",
                    format!("{:.2} ({:.3} per seat decision)", lead.mean, rate),
                );
                measure(out, "drama (points behind)", format!("{:.2}", drama.mean));
                measure(out, "comeback share", pct(back));
                measure(out, "decisiveness", format!("{:.3}", decisive.mean));
            }
            _ => measure(
                out,
                "lead, drama, decisiveness",
                "need two or more seats".into(),
            ),
        }
        out.push_str("</table>");
        // Components.
        let components = run.components();
        if !components.is_empty() {
            out.push_str("<h3>Setup components</h3>");
            let bars: Vec<Bar> = components
                .iter()
                .map(|c| Bar {
                    label: c.label.clone(),
                    value: c.win_rate(),
                    interval: c.ci95(),
                })
                .collect();
            figure(
                out,
                interval_chart(
                    "Win rate of the seats that had each component (strongest first)",
                    "win rate",
                    &bars,
                    (players > 1).then(|| 1.0 / players as f64),
                    true,
                ),
            )?;
            out.push_str("<table><tr><th>component</th><th>seats</th><th>win rate</th><th>95% interval</th><th>mean score</th></tr>");
            for c in &components {
                let (lo, hi) = c.ci95();
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td></tr>",
                    escape(&c.label),
                    c.seats,
                    pct(c.win_rate()),
                    interval(lo, hi),
                    c.score_mean
                );
            }
            out.push_str("</table>");
        }
        Ok(())
    }
}
