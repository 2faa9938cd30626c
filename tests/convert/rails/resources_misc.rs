// Converted from resources_misc.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// member routes with the same path and different verbs and actions, slugs as ids,
// uncountable names (`sheep_index`), `path_names` and `path:` on resources and singular
// resources, a route's own `path:` overriding them, `new` blocks, member/collection/new routes
// written as paths with `=> "controller#action"`, routes at the resources scope level,
// `path: ""`, a Rack app as the target of a verb route, names not pluralized or singularized,
// dashes in action names, a named route nested in nested resources and a namespace root
// inside resources.
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
            get("page/:page", to = "replies#index", constraints(page = "[0-9]+"));
            get(":page", to = "replies#index", constraints(page = "[0-9]+"));
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

    // test_sprockets
    // TODO: a route to the Rack app `->(_env) { [200, { "Content-Type" => "text/html" },
    //       ["javascripts"]] }`, which only the application can run: declare it with `mount` and
    //       bind it to a service (line 62):
    //     get "sprockets.js" => ->(_env) { [200, { "Content-Type" => "text/html" }, ["javascripts"]] }

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
    // NOTE: left out of the resource, as no request reaches it: `root to: "items#root"` (line 105)
    //       takes every request `GET /items(.:format)` → `items#index` could, as in Rails, which
    //       tried the routes in the same order; the name `items` passes to `POST /items(.:format)`
    //       → `items#create`, as Rails names that route when the name is free
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
        // NOTE: left out of the resource, as no request reaches it: `resources :entries` (line 113)
        //       takes every request `GET /entries/remarks(.:format)` → `remarks#index` could, as
        //       in Rails, which tried the routes in the same order; the name `entries__index`
        //       passes to `POST /entries/remarks(.:format)` → `remarks#create`, as Rails names
        //       that route when the name is free
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

// request: PUT /replies/1/answer
// request: DELETE /replies/1/answer
// request: POST /replies/new/preview
// request: GET /posts/rails-rocks
// request: GET /streams
// request: GET /streams/
// request: GET /streams?foobar
// request: GET /streams/?foobar
// request: GET /pt/projetos
// request: GET /pt/projetos/1/editar
// request: GET /pt/administrador
// request: GET /pt/administrador/novo
// request: PUT /pt/administrador/ativar
// request: GET /pt/projetos/novo/abrir
// request: PUT /pt/projetos/1/fechar
// request: POST /pt/projetos/novo/preview
// request: POST /pt/administrador/novo/preview
// request: POST /pt/products/novo/preview
// request: POST /profile/new/preview
// request: GET /sprockets.js
// request: GET /forum
// request: GET /forum/basecamp
// request: GET /forum/basecamp/questions
// request: GET /forum/basecamp/questions/1
// request: GET /transport/taxis
// request: GET /transport/taxis/new
// request: POST /transport/taxis
// request: GET /transport/taxis/1
// request: GET /transport/taxis/1/edit
// request: PUT /transport/taxis/1
// request: DELETE /transport/taxis/1
// request: GET /medical/taxis/new
// request: POST /medical/taxis
// request: GET /medical/taxis
// request: GET /medical/taxis/edit
// request: PUT /medical/taxis
// request: DELETE /medical/taxis
// request: GET /pages
// request: GET /pages/Ruby_on_Rails
// request: GET /my_account
// request: GET /content
// request: GET /photos/user-favorites
// request: GET /photos/1/preview-photo
// request: GET /photos/1/summary-text
// request: GET /photos/1
// request: GET /articles/1/comments/2/views
// request: GET /articles/1/admin
// request: GET /items
// helper: replies_path
// helper: preview_new_reply_path
// helper: post_path(id: "rails-rocks")
// helper: sheep_index_path
// helper: sheep_path(1)
// helper: new_sheep_path
// helper: edit_sheep_path(1)
// helper: _it_sheep_path(1)
// helper: pt_projects_path
// helper: edit_pt_project_path(1)
// helper: pt_admin_path
// helper: new_pt_admin_path
// helper: activate_pt_admin_path
// helper: open_new_pt_project_path
// helper: close_pt_project_path(1)
// helper: preview_new_pt_project_path
// helper: preview_new_pt_admin_path
// helper: preview_new_pt_product_path
// helper: preview_new_profile_path
// helper: forum_products_path
// helper: forum_product_path(id: "basecamp")
// helper: forum_product_questions_path(product_id: "basecamp")
// helper: forum_product_question_path(product_id: "basecamp", id: 1)
// helper: transport_taxis_path
// helper: new_transport_taxi_path
// helper: transport_taxi_path(id: "1")
// helper: edit_transport_taxi_path(id: "1")
// helper: new_medical_taxis_path
// helper: medical_taxis_path
// helper: edit_medical_taxis_path
// helper: wiki_pages_path
// helper: wiki_page_path(id: "Ruby_on_Rails")
// helper: wiki_account_path
// helper: user_favorites_photos_path
// helper: preview_photo_photo_path("1")
// helper: photo_summary_text_path("1")
// helper: photo_path("1")
// helper: article_comment_views_path(article_id: "1", comment_id: "2")
// helper: article_admin_root_path(article_id: "1")
// helper: items_root_path
// helper: new_path
// helper: new_post_path
// helper: new_entries_path
// helper: new_user_path
// helper: new_notice_path
// helper: routes_no_collision_path
