//! The integration tests are a package of their own whose files are listed one by one in
//! tests/Cargo.toml (cargo finds none by itself there): a test file added without its
//! `[[test]]` entry would never run, and this says so.

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_test_file_is_listed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("tests/Cargo.toml");
    let listed: BTreeSet<String> = manifest
        .lines()
        .filter_map(|line| line.trim().strip_prefix("path = \""))
        .filter_map(|rest| rest.strip_suffix('"'))
        .map(str::to_owned)
        .collect();
    let files: BTreeSet<String> = std::fs::read_dir(dir)
        .expect("the tests directory")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".rs"))
        .collect();
    let unlisted: Vec<&String> = files.difference(&listed).collect();
    let missing: Vec<&String> = listed.difference(&files).collect();
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "tests/Cargo.toml lists no `[[test]]` for {unlisted:?}, and one for missing files \
         {missing:?}"
    );
}

/// The `dsl` fuzz target compiles the `routes!` pipeline from the macro crate's sources, one
/// `#[path]` module each; `cargo test` does not build it (only CI's smoke run does), so a
/// module added to the macro without its line there would break that build unseen here.
#[test]
fn the_dsl_fuzz_target_includes_every_module_of_the_pipeline() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let modules = |file: &str| -> BTreeSet<String> {
        std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .lines()
            .filter_map(|line| line.strip_prefix("mod "))
            .filter_map(|rest| rest.strip_suffix(';'))
            .map(str::to_owned)
            .collect()
    };
    let mut pipeline = modules("routes-macros/src/lib.rs");
    // `#[derive(ToParam)]`'s own module: `routes!` does not use it.
    assert!(pipeline.remove("derive"), "lib.rs has `mod derive;`");
    let fuzzed = modules("fuzz/fuzz_targets/dsl.rs");
    assert!(
        pipeline.contains("tokens") && pipeline.len() > 10,
        "{pipeline:?}"
    );
    assert_eq!(
        pipeline.difference(&fuzzed).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "modules of routes-macros/src/lib.rs that fuzz/fuzz_targets/dsl.rs lacks"
    );
}
