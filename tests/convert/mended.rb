# Where routes! would refuse what Rails 2.3 decided silently, the converter mends the table as
# Rails decided, judged by the macro's own pipeline: helpers defined twice, routes no request
# reaches, formats Rails 2.3 gave only some routes. tests/convert.rs checks every route of it.
ActionController::Routing::Routes.draw do |map|
  # A resource declared twice: Rails names a resource's route only while the name is free,
  # so the first keeps the names.
  map.resources :issues
  map.resources :issues, :path_prefix => '/projects/:project_id', :only => [:index, :show]

  # A named route takes a resource's helper.
  map.resources :pages, :only => [:index, :show]
  map.page 'p/:id', :controller => 'pages', :action => 'show'

  # Names in a namespace are the macro's own: no clash inside, one outside.
  map.namespace :admin do |admin|
    admin.resources :articles
    admin.new_article 'write', :controller => 'drafts', :action => 'new'
  end
  map.new_admin_article 'compose', :controller => 'composer', :action => 'new'

  # A route no request reaches: the unnamed one before it takes its name.
  map.connect 'about', :controller => 'pages', :action => 'about'
  map.about 'about', :controller => 'pages', :action => 'about'

  # A literal extension after the route without it.
  map.feed 'feed', :controller => 'feeds'
  map.rss 'feed.rss', :controller => 'feeds', :action => 'rss'

  # The root behind a catch-all '' route.
  map.connect '', :controller => 'welcome'
  map.root :controller => 'home'
  map.connect ':controller/:action/:id'
end
