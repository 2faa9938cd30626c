// Converted from needs_review.rb by resourceful-convert.
// Ruby that only the application can run: each statement is quoted in a TODO, and the routes
// around it are converted. Plain Ruby, such as a loop over a literal list, is evaluated.
resourceful::routes! {
    resources(articles);

    named(about, "/about", controller = "pages", action = "about");
    named(contact, "/contact", controller = "pages", action = "contact");
    // TODO: `from_plugin` is not a route (line 9):
    //     map.from_plugin :spree
    // TODO: a condition the application decides when it runs (`Rails.env.development?`) (line 10):
    //     if Rails.env.development?
    //       map.connect 'debug/:action', :controller => 'debug'
    //     end
    // TODO: `:member_path => '/p/:id'` has no equivalent in routes!; convert it by hand
    resources(photos);
    // TODO: `:action => lambda { 'x' }` has no equivalent in routes!; convert it by hand
    connect("/old/*path", controller = "legacy");
    connect("/help", controller = "help");
}
