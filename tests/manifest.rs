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
