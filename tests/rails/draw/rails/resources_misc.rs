// The port of tests/rails/routes/rails/resources_misc.rb: Rails 6.1's tests of member routes
// sharing a path, slugs, uncountable names, `path_names` and `path`, `new` blocks, routes
// written as paths with a target, `path: ""`, names not
// pluralized or singularized, dashes in actions, roots inside resources and `as: ""`. A
// constraint given inline as an option (`:page => %r{\d+}`) is written in `constraints(...)`.

resourceful::draw! {
    // test_replies, test_resource_new_actions,
    // test_dynamically_generated_helpers_on_collection_do_not_clobber_resources_url_helper
    resources(replies) {
        member {
            put(answer, action = "mark_as_answer");
            delete(answer, action = "unmark_as_answer");
        }
        new {
            post(preview);
        }
        collection {
            get("page/:page", to = "replies#index", constraints(page = "\\d+"));
            get(":page", to = "replies#index", constraints(page = "\\d+"));
        }
    }

    // test_resource_with_slugs_in_ids, test_trailing_slash
    resources(posts);
    resources(streams);

    // test_resources_for_uncountable_names
    resources(sheep) {
        get("_it", on = member);
    }

    // test_path_names, test_path_option_override, test_resource_new_actions
    scope("pt", as = "pt") {
        resources(projects, path_names(edit = "editar", new = "novo"), path = "projetos") {
            put(close, on = member, path = "fechar");
            get(open, on = new, path = "abrir");
            post(preview, on = new);
        }
        resource(admin, path_names(new = "novo", activate = "ativar"), path = "administrador") {
            put(activate, on = member);
            post(preview, on = new);
        }
        resources(products, path_names(new = "novo")) {
            new {
                post(preview);
            }
        }
    }

    // test_resource_new_actions
    resource(profile) {
        new {
            post(preview);
        }
    }

    // test_sprockets: `get "sprockets.js" => lambda`, a Rack app as the target of a verb route,
    // is left out: a `draw!` route's target is an action, a redirect or a mounted service.

    // test_forum_products
    namespace(forum) {
        resources(products, path = "") {
            resources(questions);
        }
    }

    // test_resources_are_not_pluralized, test_singleton_resources_are_not_singularized
    namespace(transport) {
        resources(taxis);
    }
    namespace(medical) {
        resource(taxis);
    }

    // test_resources_path_can_be_a_symbol
    resources(wiki_pages, path = "pages");
    resource(wiki_account, path = "my_account");

    // test_resources_controller_name_is_not_pluralized
    resources(content);

    // test_resource_routes_with_dashes_in_path
    resources(photos, only(show)) {
        get("user-favorites", on = collection);
        get("preview-photo", on = member);
        get("summary-text");
    }

    // test_nested_route_in_nested_resource, test_root_in_deeply_nested_scope
    resources(articles, only(index, show)) {
        resources(comments, except(destroy)) {
            get("views", to = "comments#views", as = "views");
        }
        namespace(admin) {
            root(to = "index#index");
        }
    }

    // test_root_works_in_the_resources_scope
    // `resources :items`' own `GET /items(.:format)` → `items#index` (line 104) is left out:
    // `root to: "items#root"` (line 105), drawn before it, takes every request it could
    // answer, so it would never be reached. Rails still names it `items`.
    resources(items, except(index)) {
        root(to = "items#root");
    }

    // test_resource_where_as_is_empty, test_resources_where_as_is_empty
    resource(post, as = "");
    scope("post", as = "post") {
        resource(comment, as = "");
    }
    resources(entries, as = "");
    scope("entries", as = "entries") {
        // `GET /entries/remarks(.:format)` → `remarks#index` (line 115) is left out:
        // `resources :entries, as: ""`'s `GET /entries/:id(.:format)` → `entries#show` (line
        // 113), drawn before it, takes every request it could answer, so it would never be
        // reached. Rails still names it `entries__index`.
        resources(remarks, as = "", except(index));
    }

    // test_scope_where_as_is_empty
    scope("journal", as = "") {
        resource(user);
        resources(notices);
    }

    // test_explicitly_avoiding_the_named_route
    scope(as = "routes") {
        get("/c/:id", as = "collision", to = "collision#show");
        get("/collision", to = "collision#show");
        get("/no_collision", to = "collision#show", as = None);
    }
}
