//! Compile errors: each mistake in `routes!` is pointed at its token, every mistake of an
//! invocation is reported in one build, and misspelt helpers or wrong arities fail in rustc.

#[test]
fn ui() {
    // The glob is relative to this package's directory (tests/); one that matched nothing
    // would pass without compiling a single case.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let cases = std::fs::read_dir(&dir)
        .expect("tests/ui")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension() == Some("rs".as_ref()))
        })
        .count();
    assert!(cases > 0, "no UI case in {}", dir.display());
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
