// Converted from needs_review.rb by resourceful-convert.
// Ruby that is not routing DSL: each statement is quoted in a TODO, and the routes around it
// are converted.
resourceful::routes! {
    resources(articles);

    // TODO: not routing DSL (line 6):
    //     %w(about contact).each do |page|
    //       map.send(page, page, :controller => 'pages', :action => page)
    //     end
    // TODO: `from_plugin` is not a route (line 9):
    //     map.from_plugin :spree
    // TODO: not routing DSL (line 10):
    //     if Rails.env.development?
    //       map.connect 'debug/:action', :controller => 'debug'
    //     end
    // TODO: `:member_path => '/p/:id'` has no equivalent in routes!; convert it by hand
    resources(photos);
    // TODO: `:action => lambda { 'x' }` has no equivalent in routes!; convert it by hand
    connect("/old/*path", controller = "legacy");
    connect("/help", controller = "help");
}
