//! `resourceful-convert` held to Rails 3 to 8, with Rails 6.1 itself as the oracle: each
//! routes file of tests/rails/routes (applications' files, and ports of Rails' own routing
//! tests) converts to the `draw!` beside it in tests/convert/rails, and each converted table
//! is compared with what Rails drew from the Ruby file (tests/rails/answers, written by
//! tests/rails/oracle.rb): every request made from the routes' patterns, with its host and
//! scheme, every named helper, every `url_for`, and the listing route by route (name, verb,
//! pattern, target), as tests/rails_oracle.rs compares `draw!`'s own ports
//! (tests/common/rails_answers.rs).

use std::path::Path;

use resourceful::http::Method;
use resourceful::{RouteSet, RouteTarget};

#[path = "common/rails_answers.rs"]
mod rails_answers;

// Each routes file's conversion (tests/convert/rails/NAME.rs), compiled.
#[path = "convert/rails/api.rs"]
mod api;
#[path = "convert/rails/bulk.rs"]
mod bulk;
#[path = "convert/rails/concerns.rs"]
mod concerns;
#[path = "convert/rails/constraints.rs"]
mod constraints;
#[path = "convert/rails/custom_routes.rs"]
mod custom_routes;
#[path = "convert/rails/default_url_options.rs"]
mod default_url_options;
#[path = "convert/rails/defaults_and_format.rs"]
mod defaults_and_format;
#[path = "convert/rails/dynamic_segments.rs"]
mod dynamic_segments;
#[path = "convert/rails/edges.rs"]
mod edges;
#[path = "convert/rails/engines.rs"]
mod engines;
#[path = "convert/rails/forms.rs"]
mod forms;
#[path = "convert/rails/forum.rs"]
mod forum;
#[path = "convert/rails/glob_redirect.rs"]
mod glob_redirect;
#[path = "convert/rails/helpdesk.rs"]
mod helpdesk;
#[path = "convert/rails/hosts.rs"]
mod hosts;
#[path = "convert/rails/modern.rs"]
mod modern;
#[path = "convert/rails/mounts.rs"]
mod mounts;
#[path = "convert/rails/moves.rs"]
mod moves;
#[path = "convert/rails/namespaces.rs"]
mod namespaces;
#[path = "convert/rails/naming.rs"]
mod naming;
#[path = "convert/rails/nasty.rs"]
mod nasty;
#[path = "convert/rails/news.rs"]
mod news;
#[path = "convert/rails/only_except.rs"]
mod only_except;
#[path = "convert/rails/optional_root_segments.rs"]
mod optional_root_segments;
#[path = "convert/rails/planning.rs"]
mod planning;
#[path = "convert/rails/projects.rs"]
mod projects;
#[path = "convert/rails/projects_members.rs"]
mod projects_members;
#[path = "convert/rails/projects_new_on_collection.rs"]
mod projects_new_on_collection;
#[path = "convert/rails/redirects.rs"]
mod redirects;
#[path = "convert/rails/request_constraints.rs"]
mod request_constraints;
#[path = "convert/rails/resources_misc.rs"]
mod resources_misc;
#[path = "convert/rails/resources_path_names.rs"]
mod resources_path_names;
#[path = "convert/rails/route_defaults.rs"]
mod route_defaults;
#[path = "convert/rails/scoped_root_as.rs"]
mod scoped_root_as;
#[path = "convert/rails/scopes.rs"]
mod scopes;
#[path = "convert/rails/segments.rs"]
mod segments;
#[path = "convert/rails/sessions.rs"]
mod sessions;
#[path = "convert/rails/shallow.rs"]
mod shallow;
#[path = "convert/rails/shallow_scopes.rs"]
mod shallow_scopes;
#[path = "convert/rails/shop.rs"]
mod shop;
#[path = "convert/rails/social.rs"]
mod social;
#[path = "convert/rails/storefront.rs"]
mod storefront;
#[path = "convert/rails/teams.rs"]
mod teams;
#[path = "convert/rails/tracker.rs"]
mod tracker;

#[path = "convert/devise.rs"]
mod devise;

/// A routes file of tests/rails/routes and what its conversion is held to.
struct Converted {
    ruby: &'static str,
    /// How many to-dos the conversion holds (each quoting Ruby only the application can run,
    /// or a form `draw!` does not take).
    todos: usize,
    set: &'static RouteSet,
    /// The routes of Rails' listing (`"GET /path(.:format) controller#action"`) the
    /// conversion leaves out: routes no request reaches, each with a note naming the route
    /// that takes its requests, and routes left with a to-do.
    left_out: &'static [&'static str],
}

/// Every Rails 3+ routes file of tests/rails/routes.
fn converted() -> Vec<Converted> {
    vec![
        Converted {
            ruby: "forms.rb",
            todos: 6,
            set: &forms::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/api.rb",
            todos: 0,
            set: &api::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/bulk.rb",
            todos: 0,
            set: &bulk::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/edges.rb",
            todos: 0,
            set: &edges::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/engines.rb",
            todos: 10,
            set: &engines::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/forum.rb",
            todos: 0,
            set: &forum::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/shop.rb",
            todos: 1,
            set: &shop::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/teams.rb",
            todos: 0,
            set: &teams::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/tracker.rb",
            todos: 0,
            set: &tracker::ROUTES,
            left_out: &["GET /:org/:project/milestones(.:format) milestones#index"],
        },
        Converted {
            ruby: "apps/helpdesk.rb",
            todos: 1,
            set: &helpdesk::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/hosts.rb",
            todos: 0,
            set: &hosts::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/modern.rb",
            todos: 1,
            set: &modern::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/moves.rb",
            todos: 0,
            set: &moves::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/naming.rb",
            todos: 0,
            set: &naming::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/nasty.rb",
            todos: 0,
            set: &nasty::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/news.rb",
            todos: 0,
            set: &news::ROUTES,
            left_out: &["GET /comments(.:format) comments#index"],
        },
        Converted {
            ruby: "apps/planning.rb",
            todos: 0,
            set: &planning::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/social.rb",
            todos: 1,
            set: &social::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "apps/storefront.rb",
            todos: 2,
            set: &storefront::ROUTES,
            left_out: &[
                "GET /products(.:format) products#index",
                "GET /products/:product_slug/reviews(.:format) reviews#index",
            ],
        },
        Converted {
            ruby: "rails/concerns.rb",
            todos: 0,
            set: &concerns::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/constraints.rb",
            todos: 1,
            set: &constraints::ROUTES,
            left_out: &["GET /products(.:format) products#index"],
        },
        Converted {
            ruby: "rails/custom_routes.rb",
            todos: 0,
            set: &custom_routes::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/default_url_options.rb",
            todos: 1,
            set: &default_url_options::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/defaults_and_format.rb",
            todos: 0,
            set: &defaults_and_format::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/dynamic_segments.rb",
            todos: 5,
            set: &dynamic_segments::ROUTES,
            left_out: &[
                "GET /global/:action(.:format) global#index",
                "GET /local/:action(.:format) local#index",
                "GET /whatever/:controller(/:action(/:id))(.:format) #index",
                "GET /whenever/:controller(/:action(/:id))(.:format) #index",
                "GET /:controller/:action/admin(.:format) #index",
            ],
        },
        Converted {
            ruby: "rails/glob_redirect.rb",
            todos: 0,
            set: &glob_redirect::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/mounts.rb",
            todos: 5,
            set: &mounts::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/namespaces.rb",
            todos: 1,
            set: &namespaces::ROUTES,
            left_out: &["GET /admin/hello/:controllers/:action(.:format) admin#index"],
        },
        Converted {
            ruby: "rails/only_except.rb",
            todos: 0,
            set: &only_except::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/optional_root_segments.rb",
            todos: 0,
            set: &optional_root_segments::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/projects.rb",
            todos: 0,
            set: &projects::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/projects_members.rb",
            todos: 0,
            set: &projects_members::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/projects_new_on_collection.rb",
            todos: 0,
            set: &projects_new_on_collection::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/redirects.rb",
            todos: 0,
            set: &redirects::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/request_constraints.rb",
            todos: 0,
            set: &request_constraints::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/resources_misc.rb",
            todos: 1,
            set: &resources_misc::ROUTES,
            left_out: &[
                "GET /sprockets.js(.:format) #",
                "GET /items(.:format) items#index",
                "GET /entries/remarks(.:format) remarks#index",
            ],
        },
        Converted {
            ruby: "rails/resources_path_names.rb",
            todos: 0,
            set: &resources_path_names::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/route_defaults.rb",
            todos: 0,
            set: &route_defaults::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/scoped_root_as.rb",
            todos: 0,
            set: &scoped_root_as::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/scopes.rb",
            todos: 0,
            set: &scopes::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/segments.rb",
            todos: 0,
            set: &segments::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/sessions.rb",
            todos: 1,
            set: &sessions::ROUTES,
            left_out: &[
                "GET /session(.:format) sessions#show",
                "GET /downloads/:id/:id.tar downloads#show",
            ],
        },
        Converted {
            ruby: "rails/shallow.rb",
            todos: 0,
            set: &shallow::ROUTES,
            left_out: &[],
        },
        Converted {
            ruby: "rails/shallow_scopes.rb",
            todos: 0,
            set: &shallow_scopes::ROUTES,
            left_out: &[
                "GET /comments/:id/edit(.:format) comments#edit",
                "GET /comments/:id(.:format) comments#show",
                "PATCH /comments/:id(.:format) comments#update",
                "PUT /comments/:id(.:format) comments#update",
                "DELETE /comments/:id(.:format) comments#destroy",
            ],
        },
    ]
}

fn rails_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rails")
}

/// The golden file of a routes file: `apps/shop.rb` is `convert/rails/shop.rs`.
fn golden(ruby: &str) -> std::path::PathBuf {
    let name = Path::new(ruby).file_stem().expect("a file name");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("convert/rails")
        .join(name)
        .with_extension("rs")
}

/// Each routes file converts to the file beside it; `BLESS=1` rewrites the files (review
/// the diff).
#[test]
fn each_rails_routes_file_converts_to_the_draw_beside_it() {
    for Converted { ruby, todos, .. } in converted() {
        let path = rails_dir().join("routes").join(ruby);
        let converted = resourceful_convert::convert_file(&path, None)
            .unwrap_or_else(|e| panic!("{ruby}: {e}"));
        if std::env::var_os("BLESS").is_some() {
            std::fs::write(golden(ruby), &converted.text).expect("the converted file");
        }
        let want = std::fs::read_to_string(golden(ruby)).expect("the converted file");
        if converted.text != want {
            let line = converted
                .text
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(converted.text.lines().count().min(want.lines().count()));
            panic!(
                "{ruby} converts to other than {}, from line {}:\n{}\nwhere the file has\n{}",
                golden(ruby).display(),
                line + 1,
                converted
                    .text
                    .lines()
                    .skip(line)
                    .take(5)
                    .collect::<Vec<_>>()
                    .join("\n"),
                want.lines()
                    .skip(line)
                    .take(5)
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        assert_eq!(converted.todos, todos, "{ruby}: to-dos\n{}", converted.text);
    }
}

/// Every answer of a conversion that differs from Rails': its requests, its `_path` helpers,
/// its `url_for` calls and its listing, route by route, but for the routes it leaves out.
fn differences() -> Vec<String> {
    let mut found = Vec::new();
    for Converted {
        ruby,
        set,
        left_out,
        ..
    } in converted()
    {
        let name = ruby.trim_end_matches(".rb");
        let (_, disagreements) = rails_answers::disagreements(set, name, left_out, &[]);
        found.extend(
            disagreements
                .iter()
                .map(|d| format!("{ruby}: {}", d.line())),
        );
    }
    found.sort();
    found
}

/// The answers of the conversions that differ from Rails', as the runtime's answers for
/// `draw!` stand: for each, a route the conversion leaves out with a to-do, or a difference
/// of `draw!`'s own (docs/draw.md). A new difference fails, and one that goes
/// away must be struck off: `BLESS=1 cargo test -p resourceful-tests --test convert_rails`
/// rewrites the list.
#[test]
fn each_converted_table_answers_as_rails_does_but_for_the_differences_listed() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("convert/rails/differences.txt");
    let found = differences();
    if std::env::var_os("BLESS").is_some() {
        let mut text = String::from(
            "# The answers of tests/convert/rails's compiled conversions that differ from Rails 6.1's\n\
             # (tests/convert_rails.rs). Rewrite with BLESS=1 cargo test -p resourceful-tests --test convert_rails\n",
        );
        for line in &found {
            text.push_str(line);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("the list is written");
        return;
    }
    let listed: Vec<String> = std::fs::read_to_string(&path)
        .expect("the list of differences")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_owned)
        .collect();
    let new: Vec<&String> = found.iter().filter(|f| !listed.contains(f)).collect();
    let gone: Vec<&String> = listed.iter().filter(|l| !found.contains(l)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{} new differences:\n{}\n{} listed differences are gone:\n{}",
        new.len(),
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        gone.len(),
        gone.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    assert!(found.len() < 1_000, "{} differences", found.len());
}

#[test]
fn devise_for_draws_the_routes_devise_lists() {
    let ruby = Path::new(env!("CARGO_MANIFEST_DIR")).join("convert/devise.rb");
    let converted = resourceful_convert::convert_file(&ruby, None).expect("converts");
    let golden = std::fs::read_to_string(ruby.with_extension("rs")).expect("the conversion");
    assert_eq!(converted.text, golden);
    // As `rails routes` lists them in an application with Devise's generated model.
    let devise = [
        "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
        "user_session POST /users/sign_in(.:format) devise/sessions#create",
        "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
        "new_user_password GET /users/password/new(.:format) devise/passwords#new",
        "edit_user_password GET /users/password/edit(.:format) devise/passwords#edit",
        "user_password PATCH /users/password(.:format) devise/passwords#update",
        "- PUT /users/password(.:format) devise/passwords#update",
        "- POST /users/password(.:format) devise/passwords#create",
        "cancel_user_registration GET /users/cancel(.:format) devise/registrations#cancel",
        "new_user_registration GET /users/sign_up(.:format) devise/registrations#new",
        "edit_user_registration GET /users/edit(.:format) devise/registrations#edit",
        "user_registration PATCH /users(.:format) devise/registrations#update",
        "- PUT /users(.:format) devise/registrations#update",
        "- DELETE /users(.:format) devise/registrations#destroy",
        "- POST /users(.:format) devise/registrations#create",
        "new_admin_session GET /admin/login(.:format) admins/sessions#new",
        "admin_session POST /admin/login(.:format) admins/sessions#create",
        "destroy_admin_session DELETE /admin/logout(.:format) admins/sessions#destroy",
        "root GET / home#index",
    ];
    assert_eq!(listing(&devise::ROUTES), devise);
}

/// `name VERB pattern target` of each route, as `rails routes` prints it.
fn listing(set: &RouteSet) -> Vec<String> {
    set.routes()
        .iter()
        .map(|r| {
            let methods: Vec<&str> = r.methods().iter().map(Method::as_str).collect();
            let target = match (r.target(), r.controller().fixed(), r.action().fixed()) {
                (RouteTarget::Action, Some(c), Some(a)) if !c.is_empty() => format!("{c}#{a}"),
                _ => "-".to_owned(),
            };
            format!(
                "{} {} {} {target}",
                r.name().unwrap_or("-"),
                methods.join("|"),
                r.pattern()
            )
        })
        .collect()
}
