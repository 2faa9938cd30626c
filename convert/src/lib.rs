//! Converts a Rails application's `config/routes.rb` into a
//! [`resourceful`](https://docs.rs/resourceful) invocation: `draw!` for Rails 3 to 8
//! (`Rails.application.routes.draw do`), `routes!` for Rails 2 (`ActionController::Routing::
//! Routes.draw do |map|`): `cargo run -p resourceful-convert -- config/routes.rb`.
//!
//! The file is parsed as Ruby (by lib-ruby-parser) and the plain Ruby around the routes is
//! evaluated (locals, loops over literal lists, interpolation, methods the file defines); each
//! routing call becomes a declaration. Where the output differs from the Ruby, a `// NOTE:`
//! says how and why; what it cannot convert (Ruby only the application can run, a request
//! constraint written in Ruby, a Rack app) is in a `// TODO:` and counted, so that the caller
//! knows the output needs review. The output is judged by the macro's own pipeline
//! (`routes_codegen::inspect_draw` or `inspect_routes`) and mended as Rails decided what the
//! macro would refuse (a route Rails never reached, a name given twice). No route is left out
//! without a note or a to-do saying why. [`convert_listing`] reads what `bin/rails routes`
//! printed instead, for applications whose routes only Ruby can build.
//!
//! ```
//! let ruby = "ActionController::Routing::Routes.draw do |map|\n  \
//!             map.resources :articles, :has_many => :comments\n  \
//!             map.login 'login', :controller => 'sessions', :action => 'new'\n\
//!             end\n";
//! let converted = resourceful_convert::convert(ruby, "routes.rb").unwrap();
//! assert_eq!(
//!     converted.text,
//!     "// Converted from routes.rb by resourceful-convert.\n\
//!      resourceful::routes! {\n    \
//!          resources(articles, has_many(comments));\n    \
//!          named(login, \"/login\", controller = \"sessions\", action = \"new\");\n\
//!      }\n"
//! );
//! assert!(!converted.needs_review());
//! ```

mod app;
mod cursor;
mod draw;
mod error;
mod listing;
mod mend;
mod model;
mod options;
mod read;
mod resolve;
mod ruby;
mod write;

use std::path::Path;

pub use draw::Context;
pub use error::ConvertError;

use model::{Level, Line};

/// A converted routes file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    /// The `resourceful::routes! { ... }` (Rails 2) or `resourceful::draw! { ... }` (Rails 3
    /// to 8) invocation, with a header comment, and the predicates its request constraints
    /// call after it.
    pub text: String,
    /// How many declarations it holds.
    pub declarations: usize,
    /// How many `// NOTE:`s say where it differs from the Ruby.
    pub notes: usize,
    /// How many `// TODO:`s quote Ruby that was not converted.
    pub todos: usize,
}

impl Conversion {
    /// Whether Ruby was left unconverted, so that the output needs a person's review.
    pub fn needs_review(&self) -> bool {
        self.todos > 0
    }
}

/// The most bytes a routes file (or a listing) may hold: many times the largest real one.
pub const MAX_LEN: usize = 512 * 1024;

/// The stack the conversion runs on. The Ruby parser builds its tree without recursing, but
/// the tree is dropped recursively, one frame per level: a file of [`MAX_LEN`] bytes can be
/// as many levels deep (`!!!...x`), and this holds them. It is reserved, not used, unless a
/// file is that deep.
const STACK: usize = 256 * 1024 * 1024;

/// Runs `convert` on a thread of its own, with a stack that holds the deepest tree a file
/// of [`MAX_LEN`] bytes makes.
fn on_large_stack<T: Send>(
    len: usize,
    convert: impl FnOnce() -> Result<T, ConvertError> + Send,
) -> Result<T, ConvertError> {
    if len > MAX_LEN {
        return Err(ConvertError::TooLarge { bytes: len });
    }
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("resourceful-convert".into())
            .stack_size(STACK)
            .spawn_scoped(scope, convert)
            .map_err(|e| ConvertError::Read(format!("cannot start the conversion: {e}")))?;
        thread.join().unwrap_or_else(|_| {
            Err(ConvertError::Read(
                "the conversion failed on this file".into(),
            ))
        })
    })
}

/// Converts the Ruby of a routes file; `file_name` is named in the output's header. Files it
/// draws (`draw :api`) and the application's models are not read: see [`convert_file`].
pub fn convert(ruby: &str, file_name: &str) -> Result<Conversion, ConvertError> {
    convert_with(ruby, file_name, &Context::default())
}

/// Converts the routes file at `path`, with the files it draws (`draw :api` reads
/// `routes/api.rb` beside it) and what the application at `app` says of its routes (by
/// default the directory above `config/`, when the file is `config/routes.rb` in an
/// application): the models `devise_for` reads, and the actions of its controllers, which
/// Rails' default route reached.
pub fn convert_file(path: &Path, app: Option<&Path>) -> Result<Conversion, ConvertError> {
    let bytes = std::fs::read(path).map_err(|e| ConvertError::Read(e.to_string()))?;
    let ruby = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        ConvertError::NotUtf8 { line }
    })?;
    let dir = path.parent().map(Path::to_path_buf);
    let app = app.map(Path::to_path_buf).or_else(|| {
        let dir = dir.as_deref()?;
        let config = dir.canonicalize().ok()?;
        let root = config.parent()?;
        (config.file_name()? == "config" && root.join("app").is_dir()).then(|| root.to_path_buf())
    });
    let name = path
        .file_name()
        .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy())
        .replace(['\n', '\r'], " ");
    convert_with(&ruby, &name, &Context { dir, app })
}

/// Converts the Ruby of a routes file, reading what it draws and what Devise reads from
/// `context`.
pub fn convert_with(
    ruby: &str,
    file_name: &str,
    context: &Context,
) -> Result<Conversion, ConvertError> {
    on_large_stack(ruby.len(), || convert_ruby(ruby, file_name, context))
}

fn convert_ruby(
    ruby: &str,
    file_name: &str,
    context: &Context,
) -> Result<Conversion, ConvertError> {
    let source = ruby::parse(ruby)?;
    let header = format!(" Converted from {file_name} by resourceful-convert.");
    let rails2 = ruby::statements(source.ast.as_deref())
        .iter()
        .any(|n| ruby::draws_rails2(n));
    if rails2 {
        let (raw, preamble) = read::read(&source)?;
        let mut level: Level = resolve::level(raw);
        if let Some(app) = &context.app {
            mend::declare_default_route_actions(&mut level, &app::controllers(app));
        }
        mend::settle(&mut level);
        let mut lines = vec![header];
        lines.extend(preamble);
        let text = write::invocation("resourceful::routes!", &write::body(&level), &lines);
        return Ok(conversion(&level, text, 0));
    }
    let mut drawn = draw::read(&source, context)?;
    mend::settle_draw(&mut drawn.level);
    let body = write::body(&drawn.level);
    // A predicate only routes left out called is left out with them.
    drawn.stubs.retain(|stub| {
        let call = format!("with = {}", stub.name);
        body.text.match_indices(&call).any(|(at, _)| {
            !body.text[at + call.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    });
    let mut lines = vec![header];
    lines.extend(drawn.preamble);
    let mut text = write::invocation("resourceful::draw!", &body, &lines);
    if !drawn.postamble.is_empty() {
        text.push('\n');
        for line in &drawn.postamble {
            text.push_str(&write::comment(line));
        }
    }
    text.push_str(&write::stubs(&drawn.stubs));
    let mut converted = conversion(&drawn.level, text, 0);
    for stub in &drawn.stubs {
        match stub.answer {
            Some(_) => converted.notes += 1,
            None => converted.todos += 1,
        }
    }
    Ok(converted)
}

/// Converts what `bin/rails routes` (or `bin/rails routes --expanded`) printed for an
/// application into a flat `draw!`: one route per listed route, with the names, methods,
/// patterns, targets, constraints and defaults the listing shows. For applications whose
/// routes only their own Ruby can build; `file_name` is named in the output's header.
pub fn convert_listing(listing: &str, file_name: &str) -> Result<Conversion, ConvertError> {
    on_large_stack(listing.len(), || read_listing(listing, file_name))
}

fn read_listing(listing: &str, file_name: &str) -> Result<Conversion, ConvertError> {
    let level = listing::read(listing)?;
    let header = [
        format!(" Converted from the route listing {file_name} by resourceful-convert: one route"),
        " per route Rails listed, in its order, with the names, patterns, constraints and defaults"
            .to_owned(),
        " the listing shows. Request constraints written in Ruby (lambdas, objects with".to_owned(),
        " `matches?`) are not listed: add them to the routes they guarded.".to_owned(),
    ];
    let text = write::invocation("resourceful::draw!", &write::body(&level), &header);
    Ok(conversion(&level, text, 0))
}

/// The conversion of `level`, written as `text`, with `more` to-dos outside it.
fn conversion(level: &Level, text: String, more: usize) -> Conversion {
    let entries = level.walk();
    let count = |wanted: fn(&Line) -> bool| {
        entries
            .iter()
            .flat_map(|e| &e.lines)
            .filter(|l| wanted(l))
            .count()
    };
    Conversion {
        text,
        declarations: entries.iter().filter(|e| e.decl.is_some()).count(),
        notes: count(|l| matches!(l, Line::Note(_))),
        todos: count(|l| matches!(l, Line::Todo(_))) + more,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(body: &str) -> String {
        let ruby = format!("ActionController::Routing::Routes.draw do |map|\n{body}end\n");
        let converted = convert(&ruby, "routes.rb").expect("converts");
        let text = converted.text;
        let start = text.find("routes! {\n").map_or(0, |at| at + 10);
        text[start..text.len() - 2].to_owned()
    }

    #[test]
    fn a_call_on_the_outer_mapper_inside_with_options_leaves_the_block() {
        let body = "  map.with_options :controller => 'pages' do |pages|\n    \
                    pages.about 'about', :action => 'about'\n    \
                    map.connect 'x', :controller => 'x'\n    \
                    pages.legal 'legal', :action => 'legal'\n  end\n";
        assert_eq!(
            table(body),
            "    with_options(controller = \"pages\") {\n        \
                 named(about, \"/about\", action = \"about\");\n    }\n    \
             connect(\"/x\", controller = \"x\");\n    \
             with_options(controller = \"pages\") {\n        \
                 named(legal, \"/legal\", action = \"legal\");\n    }\n"
        );
    }

    #[test]
    fn an_option_a_declaration_cannot_take_from_with_options_is_merged_into_it() {
        let body = "  map.with_options :name_prefix => 'feed_', :controller => 'feeds' do |f|\n    \
                    f.latest 'latest', :action => 'latest'\n    \
                    f.connect 'feeds/:id', :action => 'show'\n    \
                    f.resources :entries\n  end\n";
        assert_eq!(
            table(body),
            "    with_options(name_prefix = \"feed_\", controller = \"feeds\") {\n        \
                 named(latest, \"/latest\", action = \"latest\");\n    }\n    \
             connect(\"/feeds/:id\", controller = \"feeds\", action = \"show\");\n    \
             resources(entries, name_prefix = \"feed_\", controller = \"feeds\");\n"
        );
    }

    #[test]
    fn comments_and_blank_lines_stay_where_they_were() {
        let body = "  # Sessions.\n  map.resource :session # signing in\n\n  \
                    # The rest.\n  map.connect ':controller/:action'\n  # The end.\n";
        let text = table(body);
        assert!(
            text.starts_with(
                "    // Sessions.\n    // signing in\n    resource(session);\n\n    // The rest.\n"
            ),
            "{text}"
        );
        assert!(text.ends_with("    // The end.\n"), "{text}");
    }

    #[test]
    fn ruby_quoted_in_a_note_stays_in_the_comment() {
        let text = table(
            "  map.feed 'feed', :controller => 'f'\n  map.connect(\n    'feed.:format',\n    \
             :controller => 'f')\n  #/ legacy\n  #! old\n  map.connect 'x', :controller => 'x',\n    \
             :y => proc {\n      1\n    }\n",
        );
        let code: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("//"))
            .collect();
        assert_eq!(
            code,
            [
                "named(feed, \"/feed\", controller = \"f\");",
                "connect(\"/x\", controller = \"x\");"
            ],
            "{text}"
        );
        assert!(text.contains("    // / legacy\n    // ! old\n"), "{text}");
    }

    #[test]
    fn keys_of_the_path_prefix_take_requirements() {
        let text = table(
            "  map.with_options :path_prefix => ':locale', :requirements => { :locale => /en|de/ } \
             do |l|\n    l.about 'about', :controller => 'pages', :action => 'about'\n  end\n",
        );
        assert!(text.contains("requirements(locale = \"en|de\")"), "{text}");
        assert!(!text.contains("NOTE"), "{text}");
    }

    #[test]
    fn an_unnamed_route_takes_the_name_of_the_format_route_it_makes_redundant() {
        let text = table(
            "  map.connect 'news', :controller => 'news', :action => 'index'\n  \
             map.news 'news.:format', :controller => 'news', :action => 'index'\n",
        );
        assert!(
            text.contains("    named(news, \"/news\", controller"),
            "{text}"
        );
        assert!(!text.contains("connect("), "{text}");
    }

    #[test]
    fn a_namespace_option_joins_the_controller_of_each_route() {
        let text = table(
            "  map.with_options :namespace => 'admin/', :controller => 'base' do |a|\n    \
             a.users 'users', :controller => 'users'\n    a.home 'home'\n  end\n  \
             map.connect 'x', :controller => 'a', :namespace => 'admin'\n",
        );
        assert_eq!(
            text,
            "    named(users, \"/users\", controller = \"admin/users\");\n    \
             named(home, \"/home\", controller = \"admin/base\");\n    \
             connect(\"/x\", controller = \"admin/a\");\n"
        );
    }

    #[test]
    fn a_named_route_takes_a_resources_helper_and_the_resource_route_stays_unnamed() {
        let text = table(
            "  map.resources :pages, :only => [:index, :show]\n  \
             map.page 'p/:id', :controller => 'pages', :action => 'show'\n",
        );
        assert_eq!(
            text,
            "    // NOTE: `page_path` goes with the later `map.page 'p/:id'` (line 3): Rails 2.3 \
             gives a name to\n    \
             //       a resource's route only while no route has it, and to an explicitly named \
             route always;\n    \
             //       so these routes of the resource are declared unnamed beside it\n    \
             resources(pages, only(index));\n    \
             connect(\"/pages/:id\", controller = \"pages\", action = \"show\", via = get);\n    \
             named(page, \"/p/:id\", controller = \"pages\", action = \"show\");\n"
        );
    }

    #[test]
    fn a_resource_declared_twice_keeps_its_names_on_the_first() {
        let converted = convert(
            "ActionController::Routing::Routes.draw do |map|\n  map.resources :issues\n  \
             map.resources :issues, :path_prefix => '/projects/:project_id', :only => [:index, :show]\n\
             end\n",
            "routes.rb",
        )
        .expect("converts");
        let code: Vec<&str> = converted
            .text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        assert_eq!(
            code[1..code.len() - 1],
            [
                "    resources(issues);",
                "    connect(\"/projects/:project_id/issues\", controller = \"issues\", \
                 action = \"index\", via = get);",
                "    connect(\"/projects/:project_id/issues/:id\", controller = \"issues\", \
                 action = \"show\", via = get);",
            ],
            "{}",
            converted.text
        );
        assert!(
            converted.text.contains(
                "`issues_path` and `issue_path` stay with `map.resources :issues` (line 2)"
            ),
            "{}",
            converted.text
        );
        assert_eq!((converted.notes, converted.todos), (1, 0));
    }

    #[test]
    fn a_nested_resource_losing_its_names_keeps_its_routes_before_its_parents() {
        let text = table(
            "  map.resources :issues do |issues|\n    issues.resources :notes\n  end\n  \
             map.resources :issues, :path_prefix => '/p/:p_id', :collection => { :create => :post } \
             do |issues|\n    issues.resources :notes, :only => :index\n  end\n",
        );
        let code: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("//"))
            .collect();
        let at = |wanted: &str| {
            code.iter()
                .position(|l| l.starts_with(wanted))
                .unwrap_or_else(|| panic!("{wanted}:\n{text}"))
        };
        // The nested index, unnamed, comes before the second resource's own routes.
        let nested = at("connect(\"/p/:p_id/issues/:issue_id/notes\", controller = \"notes\"");
        assert!(
            nested < at("connect(\"/p/:p_id/issues\", controller = \"issues\", action = \"index\"")
        );
        // Its custom `create` keeps its name, `create_issues`, which no route takes from it.
        assert!(
            code.contains(
                &"resources(issues, path_prefix = \"/p/:p_id\", collection(create: post),"
            ),
            "{text}"
        );
        assert!(!text.contains("`create_issues_path`"), "{text}");
    }

    #[test]
    fn names_are_judged_as_the_macro_makes_them_in_a_namespace() {
        // In `namespace(admin)`, `resources(articles)` makes `new_admin_article`, as Rails 2.3
        // names it, and the route named `new_article` is `admin_new_article`: no clash.
        let apart = table(
            "  map.namespace :admin do |a|\n    a.resources :articles\n    \
             a.new_article 'x', :controller => 'a'\n  end\n",
        );
        assert!(
            !apart.contains("NOTE") && !apart.contains("TODO"),
            "{apart}"
        );
        // A route named `new_admin_article` takes the resource's helper, as in Rails.
        let clash = table(
            "  map.namespace :admin do |a|\n    a.resources :articles\n  end\n  \
             map.new_admin_article 'y', :controller => 'b'\n",
        );
        assert!(
            clash.contains("`new_admin_article_path` goes with the later `map.new_admin_article"),
            "{clash}"
        );
        assert!(
            clash.contains(
                "connect(\"/articles/new\", controller = \"articles\", action = \"new\", via = get);"
            ),
            "{clash}"
        );
        assert!(
            clash.contains("resources(articles, except(new));"),
            "{clash}"
        );
    }

    #[test]
    fn a_route_no_request_reaches_is_left_out_naming_the_route_that_takes_it() {
        let text = table(
            "  map.connect ':controller/:action/:id'\n  \
             map.resources :articles, :only => :index\n  \
             map.connect 'about', :controller => 'pages'\n  \
             map.about 'about', :controller => 'pages', :action => 'about'\n  \
             map.connect '', :controller => 'welcome'\n  map.root :controller => 'home'\n",
        );
        assert!(
            text.contains(
                "// NOTE: left out of the resource, as no request reaches it: `GET \
                 /articles(.:format)` →"
            ),
            "{text}"
        );
        // The resource routes nothing else, so it is gone.
        assert!(!text.contains("resources(articles"), "{text}");
        // The unnamed route with the same pattern takes the left-out route's name.
        assert!(
            text.contains("named(about, \"/about\", controller = \"pages\");"),
            "{text}"
        );
        assert!(
            text.contains("root(controller = \"welcome\", via = any);"),
            "{text}"
        );
        assert_eq!(text.matches("is left out").count(), 2, "{text}");
    }

    #[test]
    fn a_literal_extension_moves_before_the_route_without_it() {
        let text = table(
            "  map.feed 'feed', :controller => 'feeds'\n  \
             map.rss 'feed.rss', :controller => 'feeds', :action => 'rss'\n",
        );
        let rss = text.find("named(rss").expect("rss");
        let feed = text.find("named(feed").expect("feed");
        assert!(rss < feed, "{text}");
        assert!(
            text.contains("NOTE: moved before `map.feed 'feed'` (line 2)"),
            "{text}"
        );
    }

    #[test]
    fn plain_ruby_is_evaluated_and_what_only_the_application_knows_is_a_todo() {
        let converted = convert(
            "PAGES = %w(about faq)\n\
             ActionController::Routing::Routes.draw do |map|\n  \
             [:accounts, :contacts].each do |r|\n    \
             map.resources r, :has_many => :notes, :only => %[show]\n  end\n  \
             prefix = 'info'\n  \
             PAGES.each_with_index do |page, i|\n    \
             map.send(\"#{page}_page\", \"#{prefix}/#{page}\", :controller => 'pages', \
             :action => page, :n => i)\n  end\n  \
             { :rss => 'feed' }.each { |fmt, path| map.connect \"#{path}.#{fmt}\", \
             :controller => 'feeds', :format => fmt.to_s }\n  \
             map.resources :tags, :only => %[index show]\n  \
             (1..2).each { |v| map.connect \"v#{v}/:action\", :controller => \"api_v#{v}\" }\n  \
             map.connect 'never', :controller => 'x' if false\n  \
             User.all.each { |u| map.connect u.name, :controller => 'users' }\n\
             end\n",
            "routes.rb",
        )
        .expect("converts");
        let code: Vec<&str> = converted
            .text
            .lines()
            .filter(|l| l.starts_with("    ") && !l.trim_start().starts_with("//"))
            .map(str::trim)
            .collect();
        assert_eq!(
            code,
            [
                "resources(accounts, has_many(notes), only(show));",
                "resources(contacts, has_many(notes), only(show));",
                "named(about_page, \"/info/about\", controller = \"pages\", action = \"about\", \
                 defaults(n = \"0\"));",
                "named(faq_page, \"/info/faq\", controller = \"pages\", action = \"faq\", \
                 defaults(n = \"1\"));",
                "connect(\"/feed.rss\", controller = \"feeds\", defaults(format = \"rss\"));",
                // `%[index show]` is one string, an action no resource has, as Rails reads it.
                "resources(tags, only(none));",
                "connect(\"/v1/:action\", controller = \"api_v1\");",
                "connect(\"/v2/:action\", controller = \"api_v2\");",
            ],
            "{}",
            converted.text
        );
        assert_eq!(converted.todos, 1, "{}", converted.text);
        assert!(converted.text.contains(
            "// TODO: a loop over `User.all`, which the application knows only when it runs"
        ));
    }

    #[test]
    fn a_pattern_the_macro_refuses_is_a_todo() {
        let converted = convert(
            "ActionController::Routing::Routes.draw do |map|\n  \
             map.connect 'pages/:id.html', :controller => 'pages'\nend\n",
            "routes.rb",
        )
        .expect("converts");
        assert_eq!(converted.todos, 1, "{}", converted.text);
        assert_eq!(converted.declarations, 0, "{}", converted.text);
    }

    #[test]
    fn files_that_are_not_rails_2_routes_are_errors() {
        for (ruby, says) in [
            ("def x(\n", "not valid Ruby"),
            ("", "no `Rails.application.routes.draw do ... end`"),
            ("x = 1\n", "not a Rails routes file"),
            ("\u{0}\u{ff}", ""),
        ] {
            match convert(ruby, "routes.rb") {
                Err(e) => assert!(e.to_string().contains(says), "{ruby:?}: {e}"),
                Ok(c) => panic!("{ruby:?} converted: {}", c.text),
            }
        }
    }
}
