//! The layout of resources, one case per rule: each case lays out declarations (blocks
//! included) straight through `Resource::layout` and lists the routes as
//! `name METHODS pattern controller#action`, `-` standing for no name.

use proc_macro2::Span;

use super::*;

struct Decl {
    name: String,
    singleton: bool,
    options: ResourceOptions,
    block: Vec<Decl>,
}

fn resources(name: &str, options: ResourceOptions, block: Vec<Decl>) -> Decl {
    Decl {
        name: name.to_owned(),
        singleton: false,
        options,
        block,
    }
}

fn resource(name: &str, options: ResourceOptions, block: Vec<Decl>) -> Decl {
    Decl {
        singleton: true,
        ..resources(name, options, block)
    }
}

fn all() -> ResourceOptions {
    ResourceOptions::default()
}

fn only(actions: &[&str]) -> ResourceOptions {
    ResourceOptions {
        allowed: Some(actions.iter().map(|a| a.to_string()).collect()),
        ..all()
    }
}

fn action(name: &str, methods: &[Verb]) -> CustomAction {
    CustomAction {
        name: name.to_owned(),
        span: Span::call_site(),
        methods: methods.to_vec(),
    }
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

fn path(text: &str) -> Vec<Segment> {
    text.split('/')
        .filter(|s| !s.is_empty())
        .map(|s| match s.strip_prefix(':') {
            Some(name) => Segment::param(name),
            None => Segment::Static(s.to_owned()),
        })
        .collect()
}

fn row(route: &Route) -> String {
    let methods: Vec<&str> = route.methods.iter().map(|m| m.as_str()).collect();
    format!(
        "{} {} {} {}#{}",
        route.name.as_deref().unwrap_or("-"),
        if methods.is_empty() {
            "any".to_owned()
        } else {
            methods.join("|")
        },
        route.pattern(),
        route.controller,
        route.action
    )
}

/// Lays out `decl` as lowering does, its block's declarations where the layout puts them.
fn lay_out(decl: &Decl, scope: &Scope, rows: &mut Vec<String>) {
    let resource = Resource::new(&ident(&decl.name), &decl.options, scope, decl.singleton);
    for part in resource.layout(&decl.options, scope) {
        match part {
            Part::Routes(routes) => rows.extend(routes.iter().map(row)),
            Part::Nested {
                name,
                singleton,
                options,
                scope,
            } => {
                let nested = Decl {
                    name: name.to_string(),
                    singleton,
                    options: *options,
                    block: Vec::new(),
                };
                lay_out(&nested, &scope, rows);
            }
            Part::Block(inner) => {
                for child in &decl.block {
                    lay_out(child, &inner, rows);
                }
            }
        }
    }
}

fn top_level() -> Scope {
    Scope {
        top_level: true,
        ..Scope::default()
    }
}

#[test]
fn resources_are_laid_out_as_rails_does() {
    use Verb::*;
    let cases: Vec<(&str, Scope, Decl, &[&str])> = vec![
        (
            "resources: the seven default routes",
            top_level(),
            resources("articles", all(), vec![]),
            &[
                "articles GET /articles(.:format) articles#index",
                "- POST /articles(.:format) articles#create",
                "new_article GET /articles/new(.:format) articles#new",
                "edit_article GET /articles/:id/edit(.:format) articles#edit",
                "article GET /articles/:id(.:format) articles#show",
                "- PUT|PATCH /articles/:id(.:format) articles#update",
                "- DELETE /articles/:id(.:format) articles#destroy",
            ],
        ),
        (
            "resource: a plural controller, no id, create last",
            top_level(),
            resource("account", all(), vec![]),
            &[
                "new_account GET /account/new(.:format) accounts#new",
                "edit_account GET /account/edit(.:format) accounts#edit",
                "account GET /account(.:format) accounts#show",
                "- PUT|PATCH /account(.:format) accounts#update",
                "- DELETE /account(.:format) accounts#destroy",
                "- POST /account(.:format) accounts#create",
            ],
        ),
        (
            "custom actions: collection first, new beside new, member beside edit",
            top_level(),
            resources(
                "articles",
                ResourceOptions {
                    collection: vec![action("recent", &[Get])],
                    new: vec![action("draft", &[Post])],
                    member: vec![action("publish", &[Put]), action("preview", &[])],
                    ..all()
                },
                vec![],
            ),
            &[
                "recent_articles GET /articles/recent(.:format) articles#recent",
                "articles GET /articles(.:format) articles#index",
                "- POST /articles(.:format) articles#create",
                "new_article GET /articles/new(.:format) articles#new",
                "draft_new_article POST /articles/new/draft(.:format) articles#draft",
                "edit_article GET /articles/:id/edit(.:format) articles#edit",
                "publish_article PUT /articles/:id/publish(.:format) articles#publish",
                "preview_article any /articles/:id/preview(.:format) articles#preview",
                "article GET /articles/:id(.:format) articles#show",
                "- PUT|PATCH /articles/:id(.:format) articles#update",
                "- DELETE /articles/:id(.:format) articles#destroy",
            ],
        ),
        (
            "nesting: the block before the parent's own routes, the parent's singular naming \
             the param and prefixing the names",
            top_level(),
            resources(
                "articles",
                only(&[SHOW]),
                vec![
                    resources("comments", only(&[INDEX, SHOW]), vec![]),
                    resource("author", only(&[SHOW]), vec![]),
                ],
            ),
            &[
                "article_comments GET /articles/:article_id/comments(.:format) comments#index",
                "article_comment GET /articles/:article_id/comments/:id(.:format) comments#show",
                "article_author GET /articles/:article_id/author(.:format) authors#show",
                "article GET /articles/:id(.:format) articles#show",
            ],
        ),
        (
            "nesting in a singleton: no param",
            top_level(),
            resource(
                "account",
                only(&[SHOW]),
                vec![resources("posts", only(&[INDEX]), vec![])],
            ),
            &[
                "account_posts GET /account/posts(.:format) posts#index",
                "account GET /account(.:format) accounts#show",
            ],
        ),
        (
            "shallow: member routes drop the parents, collection routes keep them",
            top_level(),
            resources(
                "threads",
                ResourceOptions {
                    shallow: Some(true),
                    ..only(&[INDEX, SHOW])
                },
                vec![resources(
                    "messages",
                    only(&[INDEX, SHOW]),
                    vec![resources("comments", only(&[INDEX, EDIT]), vec![])],
                )],
            ),
            &[
                "message_comments GET /messages/:message_id/comments(.:format) comments#index",
                "edit_comment GET /comments/:id/edit(.:format) comments#edit",
                "thread_messages GET /threads/:thread_id/messages(.:format) messages#index",
                "message GET /messages/:id(.:format) messages#show",
                "threads GET /threads(.:format) threads#index",
                "thread GET /threads/:id(.:format) threads#show",
            ],
        ),
        (
            "has_many, then has_one, then the block, then the resource's own routes",
            top_level(),
            resources(
                "users",
                ResourceOptions {
                    has_many: vec![Association {
                        name: ident("posts"),
                        children: vec![Association {
                            name: ident("tags"),
                            children: vec![],
                        }],
                    }],
                    has_one: vec![ident("avatar")],
                    ..only(&[SHOW])
                },
                vec![resources("notes", only(&[INDEX]), vec![])],
            ),
            &[
                "user_post_tags GET /users/:user_id/posts/:post_id/tags(.:format) tags#index",
                "- POST /users/:user_id/posts/:post_id/tags(.:format) tags#create",
                "new_user_post_tag GET /users/:user_id/posts/:post_id/tags/new(.:format) tags#new",
                "edit_user_post_tag GET /users/:user_id/posts/:post_id/tags/:id/edit(.:format) tags#edit",
                "user_post_tag GET /users/:user_id/posts/:post_id/tags/:id(.:format) tags#show",
                "- PUT|PATCH /users/:user_id/posts/:post_id/tags/:id(.:format) tags#update",
                "- DELETE /users/:user_id/posts/:post_id/tags/:id(.:format) tags#destroy",
                "user_posts GET /users/:user_id/posts(.:format) posts#index",
                "- POST /users/:user_id/posts(.:format) posts#create",
                "new_user_post GET /users/:user_id/posts/new(.:format) posts#new",
                "edit_user_post GET /users/:user_id/posts/:id/edit(.:format) posts#edit",
                "user_post GET /users/:user_id/posts/:id(.:format) posts#show",
                "- PUT|PATCH /users/:user_id/posts/:id(.:format) posts#update",
                "- DELETE /users/:user_id/posts/:id(.:format) posts#destroy",
                "new_user_avatar GET /users/:user_id/avatar/new(.:format) avatars#new",
                "edit_user_avatar GET /users/:user_id/avatar/edit(.:format) avatars#edit",
                "user_avatar GET /users/:user_id/avatar(.:format) avatars#show",
                "- PUT|PATCH /users/:user_id/avatar(.:format) avatars#update",
                "- DELETE /users/:user_id/avatar(.:format) avatars#destroy",
                "- POST /users/:user_id/avatar(.:format) avatars#create",
                "user_notes GET /users/:user_id/notes(.:format) notes#index",
                "user GET /users/:id(.:format) users#show",
            ],
        ),
        (
            "a nested index comes before a member action of the same path",
            top_level(),
            resources(
                "products",
                ResourceOptions {
                    member: vec![action("images", &[Put])],
                    ..only(&[SHOW])
                },
                vec![resources("images", only(&[INDEX]), vec![])],
            ),
            &[
                "product_images GET /products/:product_id/images(.:format) images#index",
                "images_product PUT /products/:id/images(.:format) products#images",
                "product GET /products/:id(.:format) products#show",
            ],
        ),
        (
            "only: the first route kept takes the name",
            top_level(),
            resources("products", only(&[CREATE, UPDATE]), vec![]),
            &[
                "products POST /products(.:format) products#create",
                "product PUT|PATCH /products/:id(.:format) products#update",
            ],
        ),
        (
            "only in a singleton: create may take the name",
            top_level(),
            resource("account", only(&[CREATE]), vec![]),
            &["account POST /account(.:format) accounts#create"],
        ),
        (
            "except: every default action but those listed",
            top_level(),
            resources(
                "products",
                ResourceOptions {
                    allowed: Some(vec![INDEX.into(), NEW.into(), SHOW.into()]),
                    ..all()
                },
                vec![],
            ),
            &[
                "products GET /products(.:format) products#index",
                "new_product GET /products/new(.:format) products#new",
                "product GET /products/:id(.:format) products#show",
            ],
        ),
        (
            "path_names: segments renamed, names kept, custom new actions never renamed",
            top_level(),
            resources(
                "products",
                ResourceOptions {
                    collection: vec![action("sale", &[Get])],
                    member: vec![action("preview", &[Get])],
                    new: vec![action("draft", &[Post])],
                    path_names: vec![
                        ("sale".into(), "rebajas".into(), Span::call_site()),
                        ("preview".into(), "vista".into(), Span::call_site()),
                        ("edit".into(), "cambiar".into(), Span::call_site()),
                        ("new".into(), "nuevo".into(), Span::call_site()),
                    ],
                    ..only(&[NEW, EDIT])
                },
                vec![],
            ),
            &[
                "sale_products GET /products/rebajas(.:format) products#sale",
                "new_product GET /products/nuevo(.:format) products#new",
                "draft_new_product POST /products/nuevo/draft(.:format) products#draft",
                "edit_product GET /products/:id/cambiar(.:format) products#edit",
                "preview_product GET /products/:id/vista(.:format) products#preview",
            ],
        ),
        (
            "resources_path_names: for every resource, singletons too",
            Scope {
                path_names: vec![
                    ("new".into(), "nuevo".into()),
                    ("edit".into(), "editar".into()),
                ],
                ..top_level()
            },
            resource("account", only(&[NEW, EDIT]), vec![]),
            &[
                "new_account GET /account/nuevo(.:format) accounts#new",
                "edit_account GET /account/editar(.:format) accounts#edit",
            ],
        ),
        (
            "as: the path segment changes, the names and nesting param do not",
            top_level(),
            resources(
                "articles",
                ResourceOptions {
                    path_segment: Some(path("posts")),
                    ..only(&[INDEX, SHOW])
                },
                vec![resources("comments", only(&[INDEX]), vec![])],
            ),
            &[
                "article_comments GET /posts/:article_id/comments(.:format) comments#index",
                "articles GET /posts(.:format) articles#index",
                "article GET /posts/:id(.:format) articles#show",
            ],
        ),
        (
            "path_prefix and name_prefix, and name_prefix = None under a parent",
            top_level(),
            resources(
                "products",
                ResourceOptions {
                    path_prefix: Some(path("/stores/:store_id")),
                    name_prefix: Some(Some("store_".into())),
                    ..only(&[INDEX, SHOW])
                },
                vec![resources(
                    "images",
                    ResourceOptions {
                        name_prefix: Some(None),
                        ..only(&[INDEX])
                    },
                    vec![],
                )],
            ),
            &[
                "images GET /stores/:store_id/products/:product_id/images(.:format) images#index",
                "store_products GET /stores/:store_id/products(.:format) products#index",
                "store_product GET /stores/:store_id/products/:id(.:format) products#show",
            ],
        ),
        (
            "an uncountable name: the index is named `_index`",
            top_level(),
            resources("sheep", only(&[INDEX, SHOW]), vec![]),
            &[
                "sheep_index GET /sheep(.:format) sheep#index",
                "sheep GET /sheep/:id(.:format) sheep#show",
            ],
        ),
    ];
    let mut failures = Vec::new();
    for (case, scope, decl, want) in &cases {
        let mut got = Vec::new();
        lay_out(decl, scope, &mut got);
        if got != *want {
            failures.push(format!(
                "{case}:\n  got:\n    {}\n  want:\n    {}",
                got.join("\n    "),
                want.join("\n    ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
