# The routes of Rails 2.3's routing_test.rb cases test_generate_not_first,
# test_default_route_should_omit_default_action and
# test_default_route_should_include_default_action_when_id_present: url_for takes the route
# that leaves the fewest given keys to the query string.
ActionController::Routing::Routes.draw do |map|
  map.connect 'time_entries/:action/:id', :controller => 'timelog', :action => /edit|new/
  map.connect 'time_entries/:id', :controller => 'timelog', :action => 'destroy', :id => /\d+/,
              :conditions => { :method => :delete }
  map.connect ':controller/:action/:id'
end
