//! What a misspelt word was likely meant to be, as the macro and `resourceful-convert` judge
//! it: the same rule, so that the converter can say what the macro will refuse.

/// The closest of `choices` to `word`, when close enough to be a likely misspelling: at most
/// one edit per three characters of `word` (and at least one), as rustc judges.
pub fn did_you_mean<'c>(word: &str, choices: &[&'c str]) -> Option<&'c str> {
    let bound = word.chars().count().max(3) / 3;
    choices
        .iter()
        .map(|c| (distance(word, c), *c))
        .filter(|&(d, _)| d <= bound)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance, counting a swap of two neighbouring characters as one edit, the
/// commonest typo (`delte`, `memebr`).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![(0..=b.len()).collect::<Vec<usize>>()];
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let above = &rows[i - 1];
            row[j] = (above[j - 1] + usize::from(a[i - 1] != b[j - 1]))
                .min(above[j] + 1)
                .min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(rows[i - 2][j - 2] + 1);
            }
        }
        rows.push(row);
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_close_word_is_suggested_and_a_far_one_not() {
        assert_eq!(did_you_mean("verison", &["id", "version"]), Some("version"));
        assert_eq!(did_you_mean("memebr", &["member", "new"]), Some("member"));
        assert_eq!(did_you_mean("date", &["id", "version"]), None);
    }
}
