# The routes of Rails 2.3's routing_test.rb cases test_route_with_fixnum_default,
# test_route_with_text_default, test_both_requirement_and_optional, test_set_to_nil_forgets,
# test_requirement_should_prevent_optional_id and test_nil_defaults, in one table
# (tests/routes_file.rs checks it as converted to defaults.rs).
ActionController::Routing::Routes.draw do |map|
  map.connect 'page/:id', :controller => 'content', :action => 'show_page', :id => 1
  map.blog 'test/:year', :controller => 'post', :action => 'show', :year => nil,
           :requirements => { :year => /\d{4}/ }
  map.connect 'pages/:year/:month/:day', :controller => 'content', :action => 'list_pages',
              :month => nil, :day => nil
  map.connect 'post/:id', :controller => 'post', :action => 'show', :requirements => { :id => /\d+/ }
  map.connect 'legacy/people', :controller => 'people', :action => 'index', :legacy => 'true'
  map.connect 'people', :controller => 'people', :action => 'index'
  map.connect 'journal', :controller => 'content', :action => 'list_journal',
              :date => nil, :user_id => nil
  map.connect ':controller/:action/:id'
end
