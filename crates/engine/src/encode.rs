//! Helpers for a game's dense action ids and observation tensors (the learning libraries'
//! interface): an id table built from an enumeration of every possible action, and a writer of
//! fixed-length feature vectors.

use std::collections::HashMap;
use std::hash::Hash;

/// Every possible action of one kind (seat actions, or chance outcomes) in a fixed order: an
/// action's id is its place in that order. Build it from an enumeration that only ever grows
/// at its end, so ids stay stable across versions.
#[derive(Clone, Debug)]
pub struct IdTable<A> {
    actions: Vec<A>,
    ids: HashMap<A, usize>,
}

impl<A: Copy + Eq + Hash> IdTable<A> {
    /// The table of `actions`, numbered in order; a repeated action keeps its first id.
    pub fn new(actions: impl IntoIterator<Item = A>) -> Self {
        let mut table = IdTable {
            actions: Vec::new(),
            ids: HashMap::new(),
        };
        for a in actions {
            if !table.ids.contains_key(&a) {
                table.ids.insert(a, table.actions.len());
                table.actions.push(a);
            }
        }
        table
    }

    /// How many actions are numbered.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether no action is numbered.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The id of `action`, if numbered.
    pub fn id(&self, action: A) -> Option<usize> {
        self.ids.get(&action).copied()
    }

    /// The action numbered `id`.
    pub fn action(&self, id: usize) -> Option<A> {
        self.actions.get(id).copied()
    }
}

/// Writes a fixed-length feature vector field by field; each game documents its fields in
/// the order it writes them.
#[derive(Debug)]
pub struct Features<'a> {
    out: &'a mut Vec<f32>,
}

impl<'a> Features<'a> {
    /// Starts writing into `out`, cleared first.
    pub fn new(out: &'a mut Vec<f32>) -> Self {
        out.clear();
        Features { out }
    }

    /// `n` values: 1 at `index` (if any and below `n`), 0 elsewhere.
    pub fn one_hot(&mut self, n: usize, index: Option<usize>) -> &mut Self {
        let start = self.out.len();
        self.out.resize(start + n, 0.0);
        if let Some(i) = index.filter(|&i| i < n) {
            self.out[start + i] = 1.0;
        }
        self
    }

    /// One value: `x / scale` (so that values stay near 0..1).
    pub fn scaled(&mut self, x: f64, scale: f64) -> &mut Self {
        self.out.push((x / scale) as f32);
        self
    }

    /// One value: 1 if `b`, else 0.
    pub fn flag(&mut self, b: bool) -> &mut Self {
        self.out.push(if b { 1.0 } else { 0.0 });
        self
    }

    /// Sets the value at `index`, already written (a plane filled out of order); an index past
    /// the end is ignored.
    pub fn set(&mut self, index: usize, x: f32) -> &mut Self {
        if let Some(v) = self.out.get_mut(index) {
            *v = x;
        }
        self
    }

    /// Values written so far.
    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// Whether nothing is written yet.
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// Pads with zeros (or cuts) to exactly `len` values: the end of a block of fixed size.
    pub fn pad_to(&mut self, len: usize) -> &mut Self {
        self.out.resize(len, 0.0);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_enumeration_and_round_trip() {
        let table = IdTable::new([3u8, 5, 3, 9]);
        assert_eq!(table.len(), 3);
        assert_eq!(table.id(5), Some(1));
        assert_eq!(table.id(4), None);
        assert_eq!(table.action(2), Some(9));
        assert_eq!(table.action(3), None);
    }

    #[test]
    fn features_write_in_order() {
        let mut out = vec![7.0];
        let mut f = Features::new(&mut out);
        f.one_hot(3, Some(1))
            .flag(true)
            .scaled(5.0, 10.0)
            .one_hot(2, Some(4));
        f.pad_to(8).set(7, 2.0).set(99, 1.0);
        assert_eq!(out, vec![0.0, 1.0, 0.0, 1.0, 0.5, 0.0, 0.0, 2.0]);
    }
}
