//! The command as a user runs it: the table on standard output, a summary on standard error,
//! and an exit status that says whether the output needs review.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: &str) -> Run {
    run_bytes(args, stdin.as_bytes())
}

fn run_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_resourceful-convert"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the converter starts");
    if let Some(mut input) = child.stdin.take() {
        input.write_all(stdin).expect("stdin takes the file");
    }
    let output = child.wait_with_output().expect("the converter ends");
    Run {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/convert")
        .join(name);
    path.to_string_lossy().into_owned()
}

#[test]
fn a_routes_file_prints_its_table_and_exits_0() {
    let run = run(&[&fixture("defaults.rb")], "");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let table = std::fs::read_to_string(fixture("defaults.rs")).expect("the converted table");
    assert_eq!(run.stdout, table);
    assert!(run.stderr.contains("8 declarations"), "{}", run.stderr);
}

#[test]
fn ruby_left_unconverted_exits_2_and_says_the_output_needs_review() {
    let run = run(&[&fixture("needs_review.rb")], "");
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("4 to-dos: the output needs review"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout
            .contains("// TODO: `from_plugin` is not a route (line 9):"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("resources(articles);"),
        "{}",
        run.stdout
    );
}

#[test]
fn standard_input_is_read_for_a_dash() {
    let ruby = "ActionController::Routing::Routes.draw do |map|\n  map.resource :session\nend\n";
    let run = run(&["-"], ruby);
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("    resource(session);\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .starts_with("// Converted from standard input by"),
        "{}",
        run.stdout
    );
}

#[test]
fn what_cannot_be_converted_exits_1_with_the_reason() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["-"],
            "map.connect 'a', :b => (\n",
            "line 2, column 1: not valid Ruby",
        ),
        (&["-"], "puts 'hello'\n", "not a Rails 2 routes file"),
        (
            &["-"],
            "Rails.application.routes.draw do\n  resources :articles\nend\n",
            "Rails 3's routing DSL",
        ),
        (&["/no/such/routes.rb"], "", "/no/such/routes.rb"),
        (&[], "", "usage: resourceful-convert"),
        (&["a.rb", "b.rb"], "", "usage: resourceful-convert"),
    ];
    for (args, stdin, says) in cases {
        let run = run(args, stdin);
        assert_eq!(run.status, Some(1), "{args:?} {stdin:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(says),
            "{args:?} {stdin:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    let latin1 = run_bytes(
        &["-"],
        b"# caf\xe9\nActionController::Routing::Routes.draw do |map|\nend\n",
    );
    assert_eq!(latin1.status, Some(1));
    assert!(
        latin1.stderr.contains("line 1: not UTF-8"),
        "{}",
        latin1.stderr
    );
    let help = run(&["--help"], "");
    assert_eq!(help.status, Some(0));
    assert!(
        help.stdout.contains("Exit status: 0 converted, 2"),
        "{}",
        help.stdout
    );
}
