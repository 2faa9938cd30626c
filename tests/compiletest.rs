//! Compile errors: each mistake in `routes!` is pointed at its token, every mistake of an
//! invocation is reported in one build, and misspelt helpers or wrong arities fail in rustc.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
