//! Rails 2.3's resource options: only/except, shallow, path_names, has_many/has_one, and
//! Rails 3's param.

mod support;

use support::{check_table, rows, table};

fn names(set: &resourceful::RouteSet) -> Vec<String> {
    table(set)
        .into_iter()
        .map(|r| r.0)
        .filter(|n| !n.is_empty())
        .collect()
}

mod only_show {
    resourceful::routes! { resources(products, only(show)); }
}

#[test]
fn only_keeps_the_listed_default_actions() {
    assert_eq!(
        table(&only_show::ROUTES),
        rows(&[("product", "GET", "/products/:id(.:format)", "products#show")])
    );
    check_table(
        &only_show::ROUTES,
        &[
            ("GET", "/products/1", "products#show id=1"),
            ("GET", "/products/1.xml", "products#show id=1 format=xml"),
            ("GET", "/products/new", "products#show id=new"),
            ("GET", "/products", "404"),
            ("POST", "/products", "404"),
            ("GET", "/products/1/edit", "404"),
            ("PUT", "/products/1", "405 GET"),
            ("DELETE", "/products/1", "405 GET"),
        ],
    );
}

#[test]
fn a_missing_owner_passes_its_name_to_the_first_allowed_route() {
    mod create {
        resourceful::routes! { resources(products, only(create)); resource(account, only(create)); }
    }
    mod update {
        resourceful::routes! { resources(products, only(update)); resource(account, only(update)); }
    }
    mod destroy {
        resourceful::routes! { resources(products, only(destroy)); }
    }
    assert_eq!(create::products_path(), "/products");
    assert_eq!(
        create::ROUTES.named_route("products").unwrap().methods(),
        &[http::Method::POST]
    );
    assert_eq!(create::account_path(), "/account");
    assert_eq!(update::product_path(1), "/products/1");
    assert_eq!(
        update::ROUTES.named_route("product").unwrap().methods(),
        &[http::Method::PUT, http::Method::PATCH]
    );
    assert_eq!(update::account_path(), "/account");
    assert_eq!(destroy::product_path(1), "/products/1");
    check_table(
        &create::ROUTES,
        &[
            ("POST", "/products.xml", "products#create format=xml"),
            ("GET", "/products", "405 POST"),
        ],
    );
}

#[test]
fn except_all_leaves_only_custom_actions() {
    mod routes {
        resourceful::routes! {
            resources(products, except(all), collection(sale: get), member(preview: get));
            resource(account, except(all), member(signup: get));
            resources(images, only(none));
            resources(tags, only(all));
        }
    }
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/products/sale", "products#sale"),
            ("GET", "/products/sale.xml", "products#sale format=xml"),
            ("GET", "/products/1/preview", "products#preview id=1"),
            ("GET", "/products", "404"),
            ("GET", "/products/1", "404"),
            ("GET", "/account/signup.xml", "accounts#signup format=xml"),
            ("GET", "/account", "404"),
            ("GET", "/images", "404"),
            ("GET", "/tags/1/edit", "tags#edit id=1"),
        ],
    );
}

#[test]
fn except_removes_the_listed_actions_and_is_not_inherited() {
    mod routes {
        resourceful::routes! {
            resources(products, except(destroy, edit)) {
                resources(images);
            }
        }
    }
    check_table(
        &routes::ROUTES,
        &[
            ("DELETE", "/products/1", "405 GET,PUT,PATCH"),
            ("GET", "/products/1/edit", "404"),
            ("PUT", "/products/1", "products#update id=1"),
            (
                "DELETE",
                "/products/1/images/2",
                "images#destroy product_id=1 id=2",
            ),
            (
                "GET",
                "/products/1/images/2/edit",
                "images#edit product_id=1 id=2",
            ),
        ],
    );
}

mod shallow {
    resourceful::routes! {
        resources(threads, shallow) {
            resources(messages) {
                resources(comments);
            }
        }
        namespace(backoffice) {
            namespace(admin) {
                resources(products, shallow) { resources(images); }
            }
        }
        resources(users, shallow, has_many(posts), has_one(avatar));
    }
}

#[test]
fn shallow_nesting_drops_the_parent_from_member_routes() {
    check_table(
        &shallow::ROUTES,
        &[
            ("GET", "/threads/1", "threads#show id=1"),
            ("GET", "/threads/1/messages", "messages#index thread_id=1"),
            ("POST", "/threads/1/messages", "messages#create thread_id=1"),
            ("GET", "/threads/1/messages/new", "messages#new thread_id=1"),
            ("GET", "/messages/2", "messages#show id=2"),
            ("GET", "/messages/2/edit", "messages#edit id=2"),
            ("PUT", "/messages/2", "messages#update id=2"),
            (
                "DELETE",
                "/messages/2.xml",
                "messages#destroy id=2 format=xml",
            ),
            ("GET", "/threads/1/messages/2", "404"),
            ("GET", "/messages/2/comments", "comments#index message_id=2"),
            ("GET", "/comments/3", "comments#show id=3"),
            (
                "GET",
                "/backoffice/admin/products/1/images",
                "backoffice/admin/images#index product_id=1",
            ),
            (
                "GET",
                "/backoffice/admin/images/2",
                "backoffice/admin/images#show id=2",
            ),
            ("GET", "/users/1/posts", "posts#index user_id=1"),
            ("GET", "/posts/2", "posts#show id=2"),
            ("GET", "/users/1/avatar", "avatars#show user_id=1"),
        ],
    );
    use shallow::*;
    assert_eq!(thread_messages_path(1), "/threads/1/messages");
    assert_eq!(new_thread_message_path(1), "/threads/1/messages/new");
    assert_eq!(message_path(2), "/messages/2");
    assert_eq!(edit_message_path(2), "/messages/2/edit");
    assert_eq!(message_comments_path(2), "/messages/2/comments");
    assert_eq!(comment_path(3), "/comments/3");
    assert_eq!(
        backoffice_admin_product_path(1),
        "/backoffice/admin/products/1"
    );
    assert_eq!(
        backoffice_admin_product_images_path(1),
        "/backoffice/admin/products/1/images"
    );
    assert_eq!(backoffice_admin_image_path(2), "/backoffice/admin/images/2");
    assert_eq!(user_posts_path(1), "/users/1/posts");
    assert_eq!(post_path(2), "/posts/2");
    assert_eq!(user_avatar_path(1), "/users/1/avatar");
}

mod path_names {
    resourceful::routes! {
        resources_path_names(new = "nuevo", edit = "editar");
        resources(products, as = "productos",
                  collection(sale: get), member(preview: get), new(draft: post),
                  path_names(sale = "rebajas", preview = "vista", edit = "cambiar"));
        resources(orders);
        resource(account);
    }
}

#[test]
fn path_names_rename_segments_but_not_names() {
    check_table(
        &path_names::ROUTES,
        &[
            ("GET", "/productos/nuevo", "products#new"),
            ("GET", "/productos/1/cambiar", "products#edit id=1"),
            ("GET", "/productos/rebajas", "products#sale"),
            ("GET", "/productos/1/vista", "products#preview id=1"),
            ("POST", "/productos/nuevo/draft", "products#draft"),
            ("GET", "/orders/nuevo", "orders#new"),
            ("GET", "/orders/1/editar", "orders#edit id=1"),
            ("GET", "/orders/1/edit", "404"),
            ("GET", "/account/nuevo", "accounts#new"),
            ("GET", "/account/editar", "accounts#edit"),
        ],
    );
    use path_names::*;
    assert_eq!(new_product_path(), "/productos/nuevo");
    assert_eq!(edit_product_path(1), "/productos/1/cambiar");
    assert_eq!(sale_products_path(), "/productos/rebajas");
    assert_eq!(preview_product_path(1), "/productos/1/vista");
    assert_eq!(draft_new_product_path(), "/productos/nuevo/draft");
    assert_eq!(edit_order_path(1), "/orders/1/editar");
    assert_eq!(edit_account_path(), "/account/editar");
}

mod associations {
    resourceful::routes! {
        resources(threads, has_many(messages(comments, authors(threads))), has_one(logo)) {
            resources(tags);
        }
        namespace(backoffice) { resources(products, has_many(tags), has_one(manufacturer)); }
    }
}

/// Rails 2.3.4's order: `has_many` (each association's own associations first), then
/// `has_one`, then the block, then the resource's own routes.
#[test]
fn has_many_then_has_one_then_the_block_come_before_the_resource() {
    assert_eq!(
        names(&associations::ROUTES)[..27],
        [
            "thread_message_comments",
            "new_thread_message_comment",
            "edit_thread_message_comment",
            "thread_message_comment",
            "thread_message_author_threads",
            "new_thread_message_author_thread",
            "edit_thread_message_author_thread",
            "thread_message_author_thread",
            "thread_message_authors",
            "new_thread_message_author",
            "edit_thread_message_author",
            "thread_message_author",
            "thread_messages",
            "new_thread_message",
            "edit_thread_message",
            "thread_message",
            "new_thread_logo",
            "edit_thread_logo",
            "thread_logo",
            "thread_tags",
            "new_thread_tag",
            "edit_thread_tag",
            "thread_tag",
            "threads",
            "new_thread",
            "edit_thread",
            "thread",
        ]
    );
    check_table(
        &associations::ROUTES,
        &[
            (
                "GET",
                "/threads/1/messages/2",
                "messages#show thread_id=1 id=2",
            ),
            (
                "GET",
                "/threads/1/messages/2/comments/3",
                "comments#show thread_id=1 message_id=2 id=3",
            ),
            (
                "GET",
                "/threads/1/messages/2/authors/3",
                "authors#show thread_id=1 message_id=2 id=3",
            ),
            (
                "GET",
                "/threads/1/messages/2/authors/3/threads/4",
                "threads#show thread_id=1 message_id=2 author_id=3 id=4",
            ),
            ("GET", "/threads/1/logo", "logos#show thread_id=1"),
            ("GET", "/threads/1/tags", "tags#index thread_id=1"),
            (
                "GET",
                "/backoffice/products/1/tags",
                "backoffice/tags#index product_id=1",
            ),
            (
                "GET",
                "/backoffice/products/1/manufacturer",
                "backoffice/manufacturers#show product_id=1",
            ),
        ],
    );
    use associations::*;
    assert_eq!(
        thread_message_author_threads_path(1, 2, 3),
        "/threads/1/messages/2/authors/3/threads"
    );
    assert_eq!(thread_logo_path(1), "/threads/1/logo");
    assert_eq!(
        backoffice_product_manufacturer_path(1),
        "/backoffice/products/1/manufacturer"
    );
}

mod param {
    resourceful::routes! {
        resources(articles, param = "slug", requirements(slug = "[a-z-]+")) { resources(comments); }
    }
}

#[test]
fn param_renames_the_member_parameter() {
    assert_eq!(
        table(&param::ROUTES)
            .into_iter()
            .find(|r| r.0 == "article")
            .unwrap(),
        (
            "article".into(),
            "GET".into(),
            "/articles/:slug(.:format)".into(),
            "articles#show".into()
        )
    );
    check_table(
        &param::ROUTES,
        &[
            (
                "GET",
                "/articles/hello-world",
                "articles#show slug=hello-world",
            ),
            (
                "GET",
                "/articles/hello-world/edit",
                "articles#edit slug=hello-world",
            ),
            ("GET", "/articles/Hello", "404"),
            (
                "GET",
                "/articles/hello/comments/3",
                "comments#show article_slug=hello id=3",
            ),
        ],
    );
    assert_eq!(param::article_path("hello"), "/articles/hello");
    assert_eq!(
        param::article_comment_path("hello", 3),
        "/articles/hello/comments/3"
    );
    let route = param::ROUTES.named_route("article_comment").unwrap();
    assert_eq!(
        route.param_names().collect::<Vec<_>>(),
        ["article_slug", "id"]
    );
}

mod namespace_option {
    resourceful::routes! {
        resources(products, namespace = "backoffice/") { resources(images); }
        resources(tags, namespace = "backoffice/admin", shallow) { resources(labels); }
        namespace(shop) { resources(orders, namespace = "sales/"); }
    }
}

/// Rails 2.3's `:namespace` option (what `map.namespace` passes down): the controller's prefix,
/// inherited by nested resources; paths and names are unchanged, except that shallow member
/// routes keep the namespace as their prefix.
#[test]
fn the_namespace_option_prefixes_controllers_only() {
    check_table(
        &namespace_option::ROUTES,
        &[
            ("GET", "/products", "backoffice/products#index"),
            ("GET", "/products/1", "backoffice/products#show id=1"),
            (
                "GET",
                "/products/1/images/2",
                "backoffice/images#show product_id=1 id=2",
            ),
            ("GET", "/backoffice/products/1", "404"),
            ("GET", "/tags", "backoffice/admin/tags#index"),
            (
                "GET",
                "/backoffice/admin/tags/1",
                "backoffice/admin/tags#show id=1",
            ),
            (
                "GET",
                "/backoffice/admin/tags/1/labels",
                "backoffice/admin/labels#index tag_id=1",
            ),
            (
                "DELETE",
                "/backoffice/admin/labels/2",
                "backoffice/admin/labels#destroy id=2",
            ),
            ("GET", "/shop/orders/3", "sales/orders#show id=3"),
        ],
    );
    use namespace_option::*;
    assert_eq!(product_image_path(1, 2), "/products/1/images/2");
    assert_eq!(tags_path(), "/tags");
    assert_eq!(backoffice_admin_tag_path(1), "/backoffice/admin/tags/1");
    assert_eq!(
        backoffice_admin_tag_labels_path(1),
        "/backoffice/admin/tags/1/labels"
    );
    assert_eq!(backoffice_admin_label_path(2), "/backoffice/admin/labels/2");
    assert_eq!(shop_order_path(3), "/shop/orders/3");
}
