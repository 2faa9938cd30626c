//! The inflector against Rails' own test pairs and the routing names table, both directions.

use resourceful::inflector::{is_uncountable, pluralize, singularize};

fn rows(tsv: &str) -> impl Iterator<Item = (&str, &str)> {
    tsv.lines().skip(1).filter(|l| !l.is_empty()).map(|line| {
        let (a, b) = line.split_once('\t').expect("two columns");
        (a, b)
    })
}

#[test]
fn rails_inflector_pairs_hold_both_ways() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (singular, plural) in rows(include_str!("data/rails_pairs.tsv")) {
        count += 1;
        if pluralize(singular) != plural {
            failures.push(format!(
                "pluralize({singular:?}) = {:?}, want {plural:?}",
                pluralize(singular)
            ));
        }
        if singularize(plural) != singular {
            failures.push(format!(
                "singularize({plural:?}) = {:?}, want {singular:?}",
                singularize(plural)
            ));
        }
    }
    assert_eq!(count, 90, "the pairs file has 90 rows");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn routing_names_singularize_as_rails_does() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (plural, singular) in rows(include_str!("data/routing_names.tsv")) {
        count += 1;
        if singularize(plural) != singular {
            failures.push(format!(
                "singularize({plural:?}) = {:?}, want {singular:?}",
                singularize(plural)
            ));
        }
    }
    assert_eq!(count, 239, "the names file has 239 rows");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn uncountables_are_returned_unchanged() {
    for word in [
        "equipment",
        "information",
        "rice",
        "money",
        "species",
        "series",
        "fish",
        "sheep",
        "jeans",
        "police",
    ] {
        assert!(is_uncountable(word), "{word}");
        assert_eq!(singularize(word), word);
        assert_eq!(pluralize(word), word);
    }
}

#[test]
fn resource_names_take_their_singular_from_the_inflector() {
    mod routes {
        resourceful::routes! {
            resources(people, mice, statuses, sheep, indices);
        }
    }
    assert_eq!(routes::person_path(1), "/people/1");
    assert_eq!(routes::mouse_path(1), "/mice/1");
    assert_eq!(routes::status_path(1), "/statuses/1");
    assert_eq!(routes::sheep_index_path(), "/sheep");
    assert_eq!(routes::new_index_path(), "/indices/new");
}
