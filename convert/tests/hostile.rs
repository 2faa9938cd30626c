//! Whatever a file holds, the converter answers with a table or an error, never a panic:
//! every prefix of a routes file (cut mid-token, mid-string, mid-block), and the same with
//! bytes swapped for the characters that end or open Ruby constructs.

use std::path::Path;

fn routes_file() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/convert/constructs.rb");
    std::fs::read_to_string(path).expect("a routes file")
}

#[test]
fn every_prefix_of_a_routes_file_converts_or_is_refused() {
    let ruby = routes_file();
    let mut converted = 0;
    for end in (0..=ruby.len()).filter(|&i| ruby.is_char_boundary(i)) {
        if resourceful_convert::convert(&ruby[..end], "cut.rb").is_ok() {
            converted += 1;
        }
    }
    // Every prefix that stops before the draw block's `end` is Ruby left open: an error. The
    // whole file converts, and so does it without its last newline.
    assert_eq!(converted, 2);
}

#[test]
fn characters_that_open_or_close_ruby_constructs_anywhere_are_harmless() {
    let ruby = routes_file();
    let bytes = ruby.as_bytes();
    // Each conversion is judged by the macro's pipeline too: a prime stride keeps the count
    // of conversions (and the time) down while every kind of position is hit.
    for (i, _) in bytes.iter().enumerate().step_by(37) {
        for swap in [
            "'", "\"", "{", "}", "do", "end", "#", ":", "=>", "|", "\\", "%w(", "=begin\n",
        ] {
            if !ruby.is_char_boundary(i) {
                continue;
            }
            let mutated = format!("{}{swap}{}", &ruby[..i], &ruby[i..]);
            let _ = resourceful_convert::convert(&mutated, "mutated.rb");
        }
    }
}

#[test]
fn unicode_whitespace_in_quoted_ruby_is_kept_whole() {
    let ruby = "ActionController::Routing::Routes.draw do |map|\n    if Rails.env.test?\n  \u{3000}\u{3000}x = 1\n    end\nend\n";
    let converted = resourceful_convert::convert(ruby, "routes.rb").expect("converts");
    assert_eq!(converted.todos, 1);
    assert!(
        converted.text.contains("\u{3000}\u{3000}x = 1"),
        "{}",
        converted.text
    );
}

#[test]
fn deep_nesting_is_a_todo_not_a_stack_overflow() {
    let depth = 2_000;
    let mut ruby = String::from("ActionController::Routing::Routes.draw do |map|\n");
    ruby.push_str(&"map.with_options :controller => 'x' do |map|\n".repeat(depth));
    ruby.push_str("map.connect 'a'\n");
    ruby.push_str(&"end\n".repeat(depth + 1));
    let converted = resourceful_convert::convert(&ruby, "deep.rb").expect("converts");
    assert_eq!(converted.todos, 1);
    let mut resources = String::from("ActionController::Routing::Routes.draw do |map|\n");
    resources.push_str(&"map.resources :x do |map|\n".repeat(depth));
    resources.push_str(&"end\n".repeat(depth + 1));
    let converted = resourceful_convert::convert(&resources, "deep.rb").expect("converts");
    assert_eq!(converted.todos, 1);
    let arrays = format!(
        "ActionController::Routing::Routes.draw do |map|\nmap.connect 'a', :controller => 'c', :x => {}1{}\nend\n",
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    let converted = resourceful_convert::convert(&arrays, "deep.rb").expect("converts");
    assert_eq!(converted.todos, 1);
}

#[test]
fn thousands_of_routes_with_one_name_convert_in_linear_time() {
    let mut ruby = String::from("ActionController::Routing::Routes.draw do |map|\n");
    for i in 0..3_000 {
        ruby.push_str(&format!("  map.x 'a{i}', :controller => 'c'\n"));
    }
    ruby.push_str("end\n");
    let converted = resourceful_convert::convert(&ruby, "many.rb").expect("converts");
    assert_eq!(converted.notes, 2_999);
    assert!(converted.text.contains("named(x_2999, \"/a2998\""));
    assert!(converted.text.contains("named(x, \"/a2999\""));
}

#[test]
fn loops_within_loops_are_unrolled_within_a_bound() {
    let ruby = "ActionController::Routing::Routes.draw do |map|\n\
                (1..1000).each do |a|\n  (1..1000).each do |b|\n    \
                map.connect \"#{a}/#{b}\", :controller => 'x'\n  end\nend\nend\n";
    let converted = resourceful_convert::convert(ruby, "loops.rb").expect("converts");
    assert_eq!(converted.todos, 1, "the budget is said once");
    assert!(converted.declarations < 5_000, "{}", converted.declarations);
    assert!(converted.text.contains("more than 5000 statements"));
}

fn rails3_file() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/rails/routes/forms.rb");
    std::fs::read_to_string(path).expect("a routes file")
}

#[test]
fn every_prefix_of_a_rails_3_routes_file_converts_or_is_refused() {
    let ruby = rails3_file();
    let mut converted = 0;
    let cuts: Vec<usize> = (0..=ruby.len())
        .filter(|&i| ruby.is_char_boundary(i))
        .step_by(11)
        .collect();
    for &end in &cuts {
        if resourceful_convert::convert(&ruby[..end], "cut.rb").is_ok() {
            converted += 1;
        }
    }
    // A prefix that stops inside the draw block is Ruby left open, an error; those past its
    // `end` (into the comments after it) convert, and so does the whole file.
    let end = ruby.rfind("\nend\n").expect("the draw block's end");
    let past = cuts.iter().filter(|&&c| c > end + 4).count();
    assert_eq!(converted, past);
    assert!(resourceful_convert::convert(&ruby, "forms.rb").is_ok());
    for swap in [
        "'", "\"", "{", "}", "do", "end", ":", "=>", "|", "->(r) {", "%w(",
    ] {
        for i in (0..ruby.len()).step_by(131) {
            if ruby.is_char_boundary(i) {
                let mutated = format!("{}{swap}{}", &ruby[..i], &ruby[i..]);
                let _ = resourceful_convert::convert(&mutated, "mutated.rb");
            }
        }
    }
}

#[test]
fn ruby_nested_as_deep_as_a_file_allows_converts_without_a_stack_overflow() {
    // The parser's tree is as deep as the file is long: each of these is a tree tens of
    // thousands of levels deep, in both dialects.
    let n = 60_000;
    let bodies = [
        format!("get 'a', to: {}1{}", "[".repeat(n), "]".repeat(n)),
        format!("get 'a', to: {}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}x", "!".repeat(n)),
        format!(
            "{}1",
            (0..n / 8).map(|i| format!("a{i} = ")).collect::<String>()
        ),
        format!(
            "{}get 'a'\n{}",
            "if true\n".repeat(n / 8),
            "end\n".repeat(n / 8)
        ),
        format!(
            "{}get 'a'\n{}",
            "begin\n".repeat(n / 8),
            "end\n".repeat(n / 8)
        ),
    ];
    for body in &bodies {
        for ruby in [
            format!("Rails.application.routes.draw do\n{body}\nend\n"),
            format!(
                "ActionController::Routing::Routes.draw do |map|\nmap.connect 'a'\n{body}\nend\n"
            ),
        ] {
            let _ = resourceful_convert::convert(&ruby, "deep.rb");
        }
    }
    let listing = format!("x GET /a a#b {{{}x}}\n", "!".repeat(n));
    let _ = resourceful_convert::convert_listing(&listing, "deep.txt");
    let huge = "#".repeat(resourceful_convert::MAX_LEN + 1);
    let error = resourceful_convert::convert(&huge, "huge.rb").expect_err("refused");
    assert!(error.to_string().contains("more than the"), "{error}");
}

#[test]
fn deep_rails_3_nesting_and_methods_calling_themselves_are_bounded() {
    let depth = 2_000;
    let mut ruby = String::from("Rails.application.routes.draw do\n");
    ruby.push_str(&"scope 'a' do\n".repeat(depth));
    ruby.push_str("get 'x', to: 'x#x'\n");
    ruby.push_str(&"end\n".repeat(depth + 1));
    let converted = resourceful_convert::convert(&ruby, "deep.rb").expect("converts");
    assert_eq!(converted.todos, 1);
    // A method that calls itself twice would run 2^n times: the statement budget ends it.
    let recursive = "Rails.application.routes.draw do\n\
                     def twice(n)\n  get \"a#{n}\", to: 'a#a'\n  twice(n + 1)\n  twice(n + 1)\nend\n\
                     twice(1)\nend\n";
    let converted = resourceful_convert::convert(recursive, "recursive.rb").expect("converts");
    assert!(converted.todos >= 1, "{}", converted.todos);
    assert!(converted.declarations < 5_001, "{}", converted.declarations);
    let loops = "Rails.application.routes.draw do\n(1..1000).each do |a|\n  (1..1000).each do |b|\n    \
                 get \"#{a}/#{b}\", to: 'x#x'\n  end\nend\nend\n";
    let converted = resourceful_convert::convert(loops, "loops.rb").expect("converts");
    assert_eq!(converted.todos, 1);
}

#[test]
fn a_routes_file_drawing_itself_is_a_todo() {
    let dir = std::env::temp_dir().join(format!("convert-draws-itself-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("routes")).expect("a directory");
    std::fs::write(
        dir.join("routes.rb"),
        "Rails.application.routes.draw do\n  draw :loop\nend\n",
    )
    .expect("written");
    std::fs::write(
        dir.join("routes/loop.rb"),
        "get 'a', to: 'a#a'\ndraw :loop\n",
    )
    .expect("written");
    let converted = resourceful_convert::convert_file(&dir.join("routes.rb"), None);
    let _ = std::fs::remove_dir_all(&dir);
    let converted = converted.expect("converts");
    assert_eq!(converted.todos, 1, "{}", converted.text);
    assert!(
        converted.text.contains("`draw :loop` draws itself"),
        "{}",
        converted.text
    );
}

#[test]
fn any_route_listing_is_read_or_refused() {
    let listing = "\
   Prefix Verb   URI Pattern                Controller#Action
     root GET    /                          home#index
  article GET    /articles/:id(.:format)    articles#show {:id=>/\\d+/}
          GET    /x(.:format)               redirect(301)
";
    for end in (0..=listing.len()).filter(|&i| listing.is_char_boundary(i)) {
        let _ = resourceful_convert::convert_listing(&listing[..end], "cut.txt");
    }
    for garbage in [
        "",
        "\0\0\0",
        "--[ Route 1 ]\nURI | \n",
        "x /a {{{{{{{{{{{{{{{{{{{{",
        "x /a b#c {:a=>/(/}",
        &"/a ".repeat(10_000),
    ] {
        let _ = resourceful_convert::convert_listing(garbage, "garbage.txt");
    }
}
