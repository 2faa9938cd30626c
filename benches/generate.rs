//! Path helpers against a hand-written `format!`: `cargo bench --bench generate`.
//!
//! Both build `/articles/1/comments/2` from two integers; the helper also percent-encodes (a
//! no-op for digits) and sizes its `String` exactly. After the runs, the medians and their ratio
//! are printed from criterion's own estimates.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;

mod support;

/// Alternating rounds per comparison; the ratio reported is their median.
const ROUNDS: usize = 5;

mod routes {
    resourceful::routes! {
        resources(articles) { resources(comments); }
    }
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    assert_eq!(
        routes::article_comment_path(1, 2),
        format!("/articles/{}/comments/{}", 1, 2)
    );

    support::run(
        &mut criterion,
        "article_comment_path",
        ROUNDS,
        || {
            black_box(routes::article_comment_path(
                black_box(1u64),
                black_box(2u64),
            ));
        },
        || {
            black_box(format!(
                "/articles/{}/comments/{}",
                black_box(1u64),
                black_box(2u64)
            ));
        },
    );
    support::run(
        &mut criterion,
        "article_comment_path_str",
        ROUNDS,
        || {
            black_box(routes::article_comment_path(
                black_box("hello-world"),
                black_box("first"),
            ));
        },
        || {
            black_box(format!(
                "/articles/{}/comments/{}",
                black_box("hello-world"),
                black_box("first")
            ));
        },
    );
    criterion.final_summary();
    let integers = support::read("article_comment_path", ROUNDS);
    let strings = support::read("article_comment_path_str", ROUNDS);
    println!(
        "\nmedian time per path (this run; ratio: median of {ROUNDS} alternating rounds, and their range):"
    );
    println!(
        "{:<18} {:>10} {:>10} {:>7} {:>12}",
        "arguments", "helper", "format!", "ratio", "range"
    );
    for (label, comparison) in [("integers (1, 2)", integers), ("strings", strings)] {
        match comparison {
            Some(c) => println!(
                "{label:<18} {:>7.1} ns {:>7.1} ns {:>6.2}x {:>5.2}-{:.2}x",
                c.ours, c.theirs, c.ratio, c.lowest, c.highest
            ),
            None => println!("{label:<18} (no estimates found; was the group filtered out?)"),
        }
    }
}
