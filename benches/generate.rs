//! Path helpers against a hand-written `format!`:
//! `cargo bench -p resourceful-benches --bench generate` (or `benches/run.sh`).
//!
//! Both build `/articles/1/comments/2`, from two integers and from two strings; the helper
//! also percent-encodes (a no-op for these values), checks that the values would route, and
//! sizes its `String` exactly.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use support::Report;

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
    assert_eq!(
        routes::article_comment_path("hello-world", "first"),
        format!("/articles/{}/comments/{}", "hello-world", "first")
    );

    support::run(
        &mut criterion,
        "article_comment_path",
        ROUNDS,
        &mut [
            ("resourceful", &mut || {
                black_box(routes::article_comment_path(
                    black_box(1u64),
                    black_box(2u64),
                ));
            }),
            ("format", &mut || {
                black_box(format!(
                    "/articles/{}/comments/{}",
                    black_box(1u64),
                    black_box(2u64)
                ));
            }),
        ],
    );
    support::run(
        &mut criterion,
        "article_comment_path_str",
        ROUNDS,
        &mut [
            ("resourceful", &mut || {
                black_box(routes::article_comment_path(
                    black_box("hello-world"),
                    black_box("first"),
                ));
            }),
            ("format", &mut || {
                black_box(format!(
                    "/articles/{}/comments/{}",
                    black_box("hello-world"),
                    black_box("first")
                ));
            }),
        ],
    );
    criterion.final_summary();
    let mut report = Report::new("generate", ROUNDS);
    report.add(
        "article_comment_path(1, 2) vs format!",
        "article_comment_path",
        "resourceful",
        "format",
        1,
    );
    report.add(
        "article_comment_path(\"hello-world\", \"first\") vs format!",
        "article_comment_path_str",
        "resourceful",
        "format",
        1,
    );
    report.finish();
}
