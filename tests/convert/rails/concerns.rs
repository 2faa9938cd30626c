// Converted from concerns.rb by resourceful-convert.
// Ported from Rails 6.1's routing concerns tests (actionpack/test/dispatch/routing/concerns_test.rb,
// MIT): concerns used by resources (several at once), by a singular resource, by resources
// nested in either, and by a plain scope with `concerns`.
resourceful::draw! {
    concern(commentable) {
        resources(comments);
    }

    concern(image_attachable) {
        resources(image_attachments, only(index));
    }

    // test_accessing_concern_from_resources, test_accessing_concern_from_nested_resource,
    // test_accessing_concern_from_resources_with_more_than_one_concern,
    // test_accessing_concern_from_resources_using_only_option
    resources(posts, concerns(commentable, image_attachable)) {
        resource(video, concerns(commentable));
    }

    // test_accessing_concern_from_resource, test_accessing_concern_from_nested_resources
    resource(picture, concerns(commentable)) {
        resources(posts, concerns(commentable));
    }

    // test_accessing_concern_from_a_scope
    scope("/videos") {
        concerns(commentable);
    }
}

// request: GET /posts/1/comments
// request: GET /picture/comments
// request: GET /posts/1/video/comments
// request: GET /picture/posts/1/comments
// request: GET /posts/1/image_attachments
// request: GET /posts/1/image_attachment/1
// request: GET /videos/comments
// helper: post_comments_path(post_id: 1)
// helper: picture_comments_path
// helper: post_video_comments_path(post_id: 1)
// helper: picture_post_comments_path(post_id: 1)
// helper: post_image_attachments_path(post_id: 1)
