# with_options as Rails 2.3's routing_test.rb case test_recognize_with_conditions declares
# its people routes, then nested, around a namespace, requirements merged key by key; and
# the optional final format of test_segmentation_of_dynamic_dot_path, test_recognize_path and
# test_format_is_not_inherit.
ActionController::Routing::Routes.draw do |map|
  map.with_options :controller => 'people' do |people|
    people.people 'people', :action => 'index', :conditions => { :method => :get }
    people.connect 'people', :action => 'create', :conditions => { :method => :post }
    people.person 'people/:id', :action => 'show', :conditions => { :method => :get },
                  :requirements => { :id => /\d+/ }
    people.connect 'people/:id', :action => 'update', :conditions => { :method => :put },
                   :requirements => { :id => /\d+/ }
    people.connect 'people/:id', :action => 'destroy', :conditions => { :method => :delete },
                   :requirements => { :id => /\d+/ }
  end
  map.with_options :controller => 'repositories', :conditions => { :method => :get },
                   :requirements => { :id => /\d+/ } do |repository|
    repository.repository 'projects/:id/repository', :action => 'show'
    repository.with_options :requirements => { :id => /\d{1,4}/, :path => /[^.]*/ } do |browse|
      browse.browse 'projects/:id/repository/browse/*path', :action => 'browse'
    end
    repository.namespace :admin do |admin|
      admin.repository_settings 'projects/:id/repository/settings', :action => 'settings',
                                :controller => 'settings'
    end
  end
  map.connect 'books/:action.:format', :controller => 'books'
  map.connect 'news.:format', :controller => 'news'
end
