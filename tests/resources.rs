//! The routes `resources` and `resource` generate: order, names, controllers, custom actions,
//! and recognition and generation of every row of the specification's table.

mod support;

use support::{check_table, rows, table};

mod articles {
    resourceful::routes! { resources(articles); }
}

#[test]
fn resources_generate_the_seven_routes_in_order() {
    assert_eq!(
        table(&articles::ROUTES),
        rows(&[
            ("articles", "GET", "/articles(.:format)", "articles#index"),
            ("", "POST", "/articles(.:format)", "articles#create"),
            (
                "new_article",
                "GET",
                "/articles/new(.:format)",
                "articles#new"
            ),
            (
                "edit_article",
                "GET",
                "/articles/:id/edit(.:format)",
                "articles#edit"
            ),
            ("article", "GET", "/articles/:id(.:format)", "articles#show"),
            (
                "",
                "PUT|PATCH",
                "/articles/:id(.:format)",
                "articles#update"
            ),
            ("", "DELETE", "/articles/:id(.:format)", "articles#destroy"),
        ])
    );
}

#[test]
fn every_row_is_recognised_with_and_without_format() {
    check_table(
        &articles::ROUTES,
        &[
            ("GET", "/articles", "articles#index"),
            ("POST", "/articles", "articles#create"),
            ("GET", "/articles/new", "articles#new"),
            ("GET", "/articles/1/edit", "articles#edit id=1"),
            ("GET", "/articles/1", "articles#show id=1"),
            ("PUT", "/articles/1", "articles#update id=1"),
            ("PATCH", "/articles/1", "articles#update id=1"),
            ("DELETE", "/articles/1", "articles#destroy id=1"),
            ("GET", "/articles.xml", "articles#index format=xml"),
            ("POST", "/articles.json", "articles#create format=json"),
            ("GET", "/articles/new.xml", "articles#new format=xml"),
            (
                "GET",
                "/articles/1/edit.xml",
                "articles#edit id=1 format=xml",
            ),
            ("GET", "/articles/1.xml", "articles#show id=1 format=xml"),
            ("PUT", "/articles/1.xml", "articles#update id=1 format=xml"),
            (
                "PATCH",
                "/articles/1.xml",
                "articles#update id=1 format=xml",
            ),
            (
                "DELETE",
                "/articles/1.xml",
                "articles#destroy id=1 format=xml",
            ),
        ],
    );
}

#[test]
fn every_named_row_generates_its_path() {
    use articles::*;
    let cases = [
        (articles_path(), "/articles"),
        (new_article_path(), "/articles/new"),
        (edit_article_path(1), "/articles/1/edit"),
        (article_path(1), "/articles/1"),
        (formatted_articles_path("xml"), "/articles.xml"),
        (formatted_new_article_path("xml"), "/articles/new.xml"),
        (
            formatted_edit_article_path(1, "xml"),
            "/articles/1/edit.xml",
        ),
        (formatted_article_path(1, "xml"), "/articles/1.xml"),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

mod custom {
    resourceful::routes! {
        resources(articles,
            collection(recent: get, search: [get, post]),
            member(preview: get, publish: put),
            new(draft: post));
    }
}

#[test]
fn custom_actions_take_their_places() {
    assert_eq!(
        table(&custom::ROUTES),
        rows(&[
            (
                "recent_articles",
                "GET",
                "/articles/recent(.:format)",
                "articles#recent"
            ),
            (
                "search_articles",
                "GET|POST",
                "/articles/search(.:format)",
                "articles#search"
            ),
            ("articles", "GET", "/articles(.:format)", "articles#index"),
            ("", "POST", "/articles(.:format)", "articles#create"),
            (
                "new_article",
                "GET",
                "/articles/new(.:format)",
                "articles#new"
            ),
            (
                "draft_new_article",
                "POST",
                "/articles/new/draft(.:format)",
                "articles#draft"
            ),
            (
                "edit_article",
                "GET",
                "/articles/:id/edit(.:format)",
                "articles#edit"
            ),
            (
                "preview_article",
                "GET",
                "/articles/:id/preview(.:format)",
                "articles#preview"
            ),
            (
                "publish_article",
                "PUT",
                "/articles/:id/publish(.:format)",
                "articles#publish"
            ),
            ("article", "GET", "/articles/:id(.:format)", "articles#show"),
            (
                "",
                "PUT|PATCH",
                "/articles/:id(.:format)",
                "articles#update"
            ),
            ("", "DELETE", "/articles/:id(.:format)", "articles#destroy"),
        ])
    );
    check_table(
        &custom::ROUTES,
        &[
            ("GET", "/articles/recent", "articles#recent"),
            ("GET", "/articles/recent.rss", "articles#recent format=rss"),
            ("POST", "/articles/search", "articles#search"),
            ("GET", "/articles/search", "articles#search"),
            ("POST", "/articles/new/draft", "articles#draft"),
            ("GET", "/articles/new/draft", "405 POST"),
            ("GET", "/articles/3/preview", "articles#preview id=3"),
            ("PUT", "/articles/3/publish", "articles#publish id=3"),
            ("GET", "/articles/3/publish", "405 PUT"),
            ("DELETE", "/articles/recent", "articles#destroy id=recent"),
        ],
    );
    assert_eq!(custom::recent_articles_path(), "/articles/recent");
    assert_eq!(custom::draft_new_article_path(), "/articles/new/draft");
    assert_eq!(custom::publish_article_path(3), "/articles/3/publish");
    assert_eq!(
        custom::formatted_preview_article_path(3, "pdf"),
        "/articles/3/preview.pdf"
    );
}

mod any_new {
    resourceful::routes! { resources(messages, new(new: any, preview: any)); }
}

#[test]
fn new_with_any_method_answers_every_method() {
    check_table(
        &any_new::ROUTES,
        &[
            ("GET", "/messages/new", "messages#new"),
            ("POST", "/messages/new", "messages#new"),
            ("DELETE", "/messages/new", "messages#new"),
            ("PUT", "/messages/new/preview", "messages#preview"),
        ],
    );
    assert_eq!(any_new::new_message_path(), "/messages/new");
    assert_eq!(any_new::preview_new_message_path(), "/messages/new/preview");
}

mod singleton {
    resourceful::routes! {
        resource(account, collection(signups: get), member(reset: post), new(preview: any)) {
            resources(posts);
        }
    }
}

#[test]
fn a_singleton_routes_to_its_plural_controller_without_id() {
    // After the seven routes of the nested `posts`.
    assert_eq!(
        table(&singleton::ROUTES)[7..].to_vec(),
        rows(&[
            (
                "signups_account",
                "GET",
                "/account/signups(.:format)",
                "accounts#signups"
            ),
            (
                "new_account",
                "GET",
                "/account/new(.:format)",
                "accounts#new"
            ),
            (
                "preview_new_account",
                "",
                "/account/new/preview(.:format)",
                "accounts#preview"
            ),
            (
                "edit_account",
                "GET",
                "/account/edit(.:format)",
                "accounts#edit"
            ),
            (
                "reset_account",
                "POST",
                "/account/reset(.:format)",
                "accounts#reset"
            ),
            ("account", "GET", "/account(.:format)", "accounts#show"),
            ("", "PUT|PATCH", "/account(.:format)", "accounts#update"),
            ("", "DELETE", "/account(.:format)", "accounts#destroy"),
            ("", "POST", "/account(.:format)", "accounts#create"),
        ])
    );
    check_table(
        &singleton::ROUTES,
        &[
            ("GET", "/account", "accounts#show"),
            ("POST", "/account", "accounts#create"),
            ("PUT", "/account", "accounts#update"),
            ("PATCH", "/account.json", "accounts#update format=json"),
            ("DELETE", "/account", "accounts#destroy"),
            ("GET", "/account/new", "accounts#new"),
            ("GET", "/account/edit.xml", "accounts#edit format=xml"),
            ("POST", "/account/reset", "accounts#reset"),
            ("GET", "/account/posts/4", "posts#show id=4"),
            ("GET", "/account/posts", "posts#index"),
            ("GET", "/account/1", "404"),
        ],
    );
    assert_eq!(singleton::account_path(), "/account");
    assert_eq!(singleton::edit_account_path(), "/account/edit");
    assert_eq!(singleton::account_posts_path(), "/account/posts");
    assert_eq!(singleton::account_post_path(4), "/account/posts/4");
    assert_eq!(singleton::new_account_post_path(), "/account/posts/new");
}

mod nested {
    resourceful::routes! {
        resources(articles) {
            resources(comments) {
                resources(votes);
            }
            resource(author);
        }
    }
}

#[test]
fn nesting_accumulates_params_and_prefixes() {
    check_table(
        &nested::ROUTES,
        &[
            ("GET", "/articles/1/comments", "comments#index article_id=1"),
            (
                "POST",
                "/articles/1/comments",
                "comments#create article_id=1",
            ),
            (
                "GET",
                "/articles/1/comments/new",
                "comments#new article_id=1",
            ),
            (
                "GET",
                "/articles/1/comments/2/edit",
                "comments#edit article_id=1 id=2",
            ),
            (
                "GET",
                "/articles/1/comments/2",
                "comments#show article_id=1 id=2",
            ),
            (
                "PUT",
                "/articles/1/comments/2",
                "comments#update article_id=1 id=2",
            ),
            (
                "DELETE",
                "/articles/1/comments/2.json",
                "comments#destroy article_id=1 id=2 format=json",
            ),
            (
                "GET",
                "/articles/1/comments/2/votes/3",
                "votes#show article_id=1 comment_id=2 id=3",
            ),
            ("GET", "/articles/1/author", "authors#show article_id=1"),
            ("POST", "/articles/1/author", "authors#create article_id=1"),
        ],
    );
    use nested::*;
    assert_eq!(article_comments_path(1), "/articles/1/comments");
    assert_eq!(new_article_comment_path(1), "/articles/1/comments/new");
    assert_eq!(
        edit_article_comment_path(1, 2),
        "/articles/1/comments/2/edit"
    );
    assert_eq!(article_comment_path(1, 2), "/articles/1/comments/2");
    assert_eq!(
        article_comment_votes_path(1, 2),
        "/articles/1/comments/2/votes"
    );
    assert_eq!(
        article_comment_vote_path(1, 2, 3),
        "/articles/1/comments/2/votes/3"
    );
    assert_eq!(article_author_path(1), "/articles/1/author");
    assert_eq!(edit_article_author_path(1), "/articles/1/author/edit");
    assert_eq!(
        formatted_article_comment_path(1, 2, "xml"),
        "/articles/1/comments/2.xml"
    );
}

/// Rails 2.3.4's order: a resource's block comes before its own routes, at every depth.
#[test]
fn children_routes_come_before_their_parents() {
    let names: Vec<_> = table(&nested::ROUTES)
        .into_iter()
        .map(|r| r.0)
        .filter(|n| !n.is_empty())
        .collect();
    assert_eq!(
        names,
        [
            "article_comment_votes",
            "new_article_comment_vote",
            "edit_article_comment_vote",
            "article_comment_vote",
            "article_comments",
            "new_article_comment",
            "edit_article_comment",
            "article_comment",
            "new_article_author",
            "edit_article_author",
            "article_author",
            "articles",
            "new_article",
            "edit_article",
            "article",
        ]
    );
}

mod nested_before_member {
    resourceful::routes! {
        resources(products, member(images: put)) { resources(images); }
    }
}

/// Rails 2.3.4's order puts the nested `images` before the member action `images` of
/// `products`: the index takes `GET`, the member action what the nested routes leave.
#[test]
fn a_nested_resource_comes_before_a_member_action_on_its_path() {
    check_table(
        &nested_before_member::ROUTES,
        &[
            ("GET", "/products/1/images", "images#index product_id=1"),
            ("POST", "/products/1/images", "images#create product_id=1"),
            ("PUT", "/products/1/images", "products#images id=1"),
            (
                "PUT",
                "/products/1/images.json",
                "products#images id=1 format=json",
            ),
            ("DELETE", "/products/1/images", "405 GET,POST,PUT"),
            (
                "GET",
                "/products/1/images/2",
                "images#show product_id=1 id=2",
            ),
            ("GET", "/products/1", "products#show id=1"),
        ],
    );
    assert_eq!(
        nested_before_member::images_product_path(1),
        "/products/1/images"
    );
    assert_eq!(
        nested_before_member::product_images_path(1),
        "/products/1/images"
    );
}

mod options {
    resourceful::routes! {
        resources(people, tags, controller = "labels");
        resources(articles, as = "posts") { resources(comments, as = "remarks"); }
        resources(geese, singular = "goose");
        resources(sheep) { resources(bells); }
        resources(products, path_prefix = "/stores/:store_id", name_prefix = "store_");
        resources(threads) {
            resources(messages, name_prefix = None) { resources(replies, name_prefix = None); }
        }
        resource(admin, controller = "administration");
    }
}

#[test]
fn options_rename_controllers_paths_and_names() {
    check_table(
        &options::ROUTES,
        &[
            ("GET", "/people/1", "labels#show id=1"),
            ("GET", "/tags", "labels#index"),
            ("GET", "/posts/1", "articles#show id=1"),
            ("GET", "/articles/1", "404"),
            (
                "GET",
                "/posts/1/remarks/2",
                "comments#show article_id=1 id=2",
            ),
            ("GET", "/geese/1", "geese#show id=1"),
            ("GET", "/sheep", "sheep#index"),
            ("GET", "/sheep/1/bells", "bells#index sheep_id=1"),
            (
                "GET",
                "/stores/4/products/5",
                "products#show store_id=4 id=5",
            ),
            (
                "GET",
                "/threads/1/messages/2/replies/3",
                "replies#show thread_id=1 message_id=2 id=3",
            ),
            ("GET", "/admin", "administration#show"),
        ],
    );
    use options::*;
    assert_eq!(person_path(1), "/people/1");
    assert_eq!(tag_path(1), "/tags/1");
    assert_eq!(article_path(1), "/posts/1");
    assert_eq!(articles_path(), "/posts");
    assert_eq!(article_comment_path(1, 2), "/posts/1/remarks/2");
    assert_eq!(goose_path(1), "/geese/1");
    assert_eq!(new_goose_path(), "/geese/new");
    assert_eq!(sheep_index_path(), "/sheep");
    assert_eq!(sheep_path(1), "/sheep/1");
    assert_eq!(new_sheep_path(), "/sheep/new");
    assert_eq!(sheep_bells_path(1), "/sheep/1/bells");
    assert_eq!(store_products_path(4), "/stores/4/products");
    assert_eq!(store_product_path(4, 5), "/stores/4/products/5");
    assert_eq!(messages_path(1), "/threads/1/messages");
    assert_eq!(reply_path(1, 2, 3), "/threads/1/messages/2/replies/3");
    assert_eq!(admin_path(), "/admin");
}

mod namespaced {
    resourceful::routes! {
        namespace(admin) {
            resources(users) { resources(roles); }
            resource(settings);
            namespace(billing) { resources(invoices); }
        }
    }
}

#[test]
fn namespaces_prefix_paths_names_and_controllers() {
    check_table(
        &namespaced::ROUTES,
        &[
            ("GET", "/admin/users", "admin/users#index"),
            (
                "GET",
                "/admin/users/1/roles/2",
                "admin/roles#show user_id=1 id=2",
            ),
            ("GET", "/admin/settings", "admin/settings#show"),
            (
                "GET",
                "/admin/billing/invoices/3",
                "admin/billing/invoices#show id=3",
            ),
            ("GET", "/users", "404"),
        ],
    );
    use namespaced::*;
    assert_eq!(admin_users_path(), "/admin/users");
    assert_eq!(admin_user_role_path(1, 2), "/admin/users/1/roles/2");
    assert_eq!(edit_admin_settings_path(), "/admin/settings/edit");
    assert_eq!(admin_billing_invoice_path(3), "/admin/billing/invoices/3");
}

mod requirements {
    resourceful::routes! {
        resources(messages, requirements(id = "[0-9]\\.[0-9]\\.[0-9]"), member(mark: get));
        resources(posts, path_prefix = "/thread/:thread_id", requirements(thread_id = "[0-9]+"));
    }
}

#[test]
fn requirements_constrain_and_may_allow_dots() {
    check_table(
        &requirements::ROUTES,
        &[
            ("GET", "/messages/1.1.1", "messages#show id=1.1.1"),
            (
                "GET",
                "/messages/1.1.1.xml",
                "messages#show id=1.1.1 format=xml",
            ),
            ("GET", "/messages/1.1.1/mark", "messages#mark id=1.1.1"),
            ("GET", "/messages/1", "404"),
            ("GET", "/messages", "messages#index"),
            ("GET", "/thread/12/posts/x", "posts#show thread_id=12 id=x"),
            ("GET", "/thread/a/posts/x", "404"),
        ],
    );
    assert_eq!(requirements::message_path("1.1.1"), "/messages/1.1.1");
}

#[test]
fn conditions_are_kept_on_every_route_of_the_resource() {
    mod routes {
        resourceful::routes! { resources(messages, conditions(subdomain = "app", version = 2)); }
    }
    for route in routes::ROUTES.routes() {
        assert_eq!(route.conditions().get("subdomain"), Some("app"));
        assert_eq!(route.conditions().get("version"), Some("2"));
        assert_eq!(route.conditions().len(), 2);
    }
}

#[test]
fn several_names_get_the_same_options_and_block() {
    mod routes {
        resourceful::routes! {
            resources(posts, pages, member(preview: get)) { resources(notes); }
        }
    }
    assert_eq!(routes::preview_post_path(1), "/posts/1/preview");
    assert_eq!(routes::preview_page_path(1), "/pages/1/preview");
    assert_eq!(routes::post_notes_path(1), "/posts/1/notes");
    assert_eq!(routes::page_notes_path(1), "/pages/1/notes");
}

#[test]
fn singletons_nest_and_take_prefixes_like_rails() {
    mod routes {
        resourceful::routes! {
            resource(admin, controller = "admin") { resource(account); }
            resource(profile, path_prefix = ":site_id") { resources(messages); }
            resources(threads) { resource(admin, controller = "admin"); }
            resource(session, member(login: get), new(preview: any), name_prefix = "admin_", path_prefix = "/admin");
        }
    }
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/admin", "admin#show"),
            ("GET", "/admin/account/edit", "accounts#edit"),
            ("GET", "/7/profile", "profiles#show site_id=7"),
            (
                "GET",
                "/7/profile/messages/2",
                "messages#show site_id=7 id=2",
            ),
            (
                "POST",
                "/threads/5/admin.xml",
                "admin#create thread_id=5 format=xml",
            ),
            ("GET", "/admin/session/login", "sessions#login"),
            ("PUT", "/admin/session/new/preview", "sessions#preview"),
        ],
    );
    use routes::*;
    assert_eq!(admin_account_path(), "/admin/account");
    assert_eq!(profile_messages_path(7), "/7/profile/messages");
    assert_eq!(profile_path(7), "/7/profile");
    assert_eq!(thread_admin_path(5), "/threads/5/admin");
    assert_eq!(login_admin_session_path(), "/admin/session/login");
    assert_eq!(
        preview_new_admin_session_path(),
        "/admin/session/new/preview"
    );
    assert_eq!(
        ROUTES.named_route("profile").unwrap().methods(),
        &[http::Method::GET],
        "the singleton's name belongs to show"
    );
}

#[test]
fn collection_and_member_actions_may_share_a_name() {
    mod routes {
        resourceful::routes! {
            resources(messages, path_prefix = "/threads/:thread_id", name_prefix = "thread_",
                      collection(a: get), member(a: get));
        }
    }
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/threads/1/messages/a", "messages#a thread_id=1"),
            (
                "GET",
                "/threads/1/messages/2/a",
                "messages#a thread_id=1 id=2",
            ),
        ],
    );
    assert_eq!(routes::a_thread_messages_path(1), "/threads/1/messages/a");
    assert_eq!(
        routes::a_thread_message_path(1, 2),
        "/threads/1/messages/2/a"
    );
}
