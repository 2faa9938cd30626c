# The routes of Rails 2.3's routing_test.rb cases test_paths_escaped,
# test_route_recognition_unescapes_path_components, test_route_with_regexp_and_dot and
# test_generate_with_optional_params_recalls_last_request (globs), in one table.
ActionController::Routing::Routes.draw do |map|
  map.path 'file/*path', :controller => 'content', :action => 'show_file'
  map.connect 'raw/*path', :controller => 'files', :action => 'raw', :format => 'txt'
  map.connect 'lib/*path', :controller => 'files', :action => 'lib', :path => /.*\.rb/
  map.connect ':controller/:action/:variable/*additional'
  map.connect '*anything', :controller => 'blog', :action => 'unknown_request'
end
