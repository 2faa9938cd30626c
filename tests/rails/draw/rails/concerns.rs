// The port of tests/rails/routes/rails/concerns.rb: Rails 6.1's routing concerns tests.

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
