# The routes of Rails 2.3's routing_test.rb cases test_route_with_regexp_for_controller and
# test_route_with_regexp_and_dot: requirements on :controller and :action.
ActionController::Routing::Routes.draw do |map|
  map.resources :users, :only => :index
  map.namespace :admin do |admin|
    admin.resources :users, :only => :index
    admin.resources :news_feed, :only => :index
  end
  map.resources :content, :only => :index
  map.connect ':controller/:admintoken/:action/:id', :controller => /admin\/.+/
  map.connect ':controller/:action/:file', :controller => /admin|users/,
              :action => /upload|download/, :defaults => { :file => nil },
              :requirements => { :file => %r{[^/]+(\.[^/]+)?} }
  map.connect ':controller/:action/:id'
end
