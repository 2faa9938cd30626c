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
        (&["-"], "puts 'hello'\n", "not a Rails routes file"),
        (
            &["--routes-listing", "-"],
            "nothing listed here\n",
            "no routes in this listing",
        ),
        (&["--app"], "", "usage: resourceful-convert"),
        (&["--unknown", "a.rb"], "", "usage: resourceful-convert"),
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

#[test]
fn a_rails_3_routes_file_and_the_files_it_draws_convert_to_draw() {
    // The tracker draws its API routes from routes/api.rb beside it.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/rails/routes/apps/tracker.rb");
    let file = run(&[&path.to_string_lossy()], "");
    assert_eq!(file.status, Some(0), "{}", file.stderr);
    assert!(
        file.stdout.contains("resourceful::draw! {"),
        "{}",
        file.stdout
    );
    assert!(
        file.stdout
            .contains("// NOTE: `draw :api`: the routes of config/routes/api.rb, drawn here"),
        "{}",
        file.stdout
    );
    assert!(file.stdout.contains("namespace(api)"), "{}", file.stdout);
    // From standard input, the drawn file is not known: a to-do says so.
    let ruby = std::fs::read_to_string(&path).expect("the tracker's routes");
    let piped = run(&["-"], &ruby);
    assert_eq!(piped.status, Some(2), "{}", piped.stderr);
    assert!(
        piped.stdout.contains("// TODO: `draw :api` reads"),
        "{}",
        piped.stdout
    );
}

#[test]
fn a_route_listing_converts_to_a_flat_draw() {
    let listing = "\
   Prefix Verb   URI Pattern            Controller#Action
     root GET    /                      home#index
 articles GET    /articles(.:format)    articles#index
          POST   /articles(.:format)    articles#create
  article GET    /articles/:id(.:format) articles#show {:id=>/\\d+/}
";
    let run = run(&["--routes-listing", "-"], listing);
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "    get(\"/articles/:id(.:format)\", to = \"articles#show\", as = \"article\",\n        constraints(id = \"[0-9]+\"));"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("    post(\"/articles(.:format)\", to = \"articles#create\", as = None);"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_application_beside_the_routes_file_declares_the_actions_of_the_default_route() {
    let dir = std::env::temp_dir().join(format!("convert-cli-app-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("config")).expect("a directory");
    std::fs::create_dir_all(dir.join("app/controllers")).expect("a directory");
    std::fs::write(
        dir.join("config/routes.rb"),
        "ActionController::Routing::Routes.draw do |map|\n  map.resources :articles\n  \
         map.connect ':controller/:action/:id'\nend\n",
    )
    .expect("written");
    std::fs::write(
        dir.join("app/controllers/charts_controller.rb"),
        "class ChartsController < ApplicationController\n  def daily\n  end\nend\n",
    )
    .expect("written");
    let routes = dir.join("config/routes.rb");
    let found = run(&[&routes.to_string_lossy()], "");
    let elsewhere = std::env::temp_dir().join(format!("convert-cli-none-{}", std::process::id()));
    let given = run(
        &[
            "--app",
            &elsewhere.to_string_lossy(),
            &routes.to_string_lossy(),
        ],
        "",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(found.status, Some(0), "{}", found.stderr);
    assert!(
        found.stdout.contains(
            "connect(\"/charts/:action/:id\", controller = \"charts\", requirements(action = \"daily\"));"
        ),
        "{}",
        found.stdout
    );
    // `--app` names another application, which has no controllers.
    assert!(!given.stdout.contains("charts"), "{}", given.stdout);
}
