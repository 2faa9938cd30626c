# Ruby that only the application can run: each statement is quoted in a TODO, and the routes
# around it are converted. Plain Ruby, such as a loop over a literal list, is evaluated.
ActionController::Routing::Routes.draw do |map|
  map.resources :articles

  %w(about contact).each do |page|
    map.send(page, page, :controller => 'pages', :action => page)
  end
  map.from_plugin :spree
  if Rails.env.development?
    map.connect 'debug/:action', :controller => 'debug'
  end
  map.resources :photos, :member_path => '/p/:id'
  map.connect 'old/*path', :controller => 'legacy', :action => lambda { 'x' }
  map.connect 'help', :controller => 'help'
end
