# An issue tracker's config/routes.rb, as a Rails 2.3 application has it: resources, with
# with_options, globs and defaults around them. routes.rs beside it is what
#   cargo run -p resourceful-convert -- examples/tracker/routes.rb
# makes of it (tests/convert.rs holds the two to that).
ActionController::Routing::Routes.draw do |map|
  map.root :controller => 'welcome', :conditions => { :method => :get }

  # Accounts: sign-in pages answer GET with a form and POST with its submission.
  map.with_options :controller => 'account', :conditions => { :method => [:get, :post] } do |account|
    account.signin 'login', :action => 'login'
    account.register 'account/register', :action => 'register'
    account.lost_password 'account/lost_password', :action => 'lost_password'
  end
  map.signout 'logout', :controller => 'account', :action => 'logout',
              :conditions => { :method => :post }
  map.with_options :controller => 'my' do |my|
    my.my_page 'my/page', :action => 'page', :conditions => { :method => :get }
    my.my_account 'my/account', :action => 'account', :conditions => { :method => [:get, :post] }
    my.connect 'my/:action', :action => /add_block|remove_block|order_blocks/,
               :conditions => { :method => :post }
  end

  # Projects, with what lives under them.
  map.resources :projects, :collection => { :archived => :get },
                :member => { :settings => :get, :archive => :post, :unarchive => :post } do |project|
    project.resources :issues, :only => [:index, :new, :create],
                      :collection => { :calendar => :get, :gantt => :get }
    project.resources :versions, :only => [:index, :new, :create]
    project.resources :news, :only => [:index, :new, :create]
    project.resources :time_entries, :controller => 'timelog', :only => [:index, :new, :create],
                      :collection => { :report => :get }
    project.resources :memberships, :only => [:index, :create]
  end
  map.resources :memberships, :only => [:update, :destroy]
  map.resources :versions, :only => [:show, :edit, :update, :destroy]

  # Issues, and the time spent on each.
  map.resources :issues, :collection => { :bulk_edit => [:get, :post] },
                :member => { :copy => :get } do |issue|
    issue.resources :time_entries, :controller => 'timelog'
    issue.resources :relations, :controller => 'issue_relations', :only => [:index, :create, :destroy]
  end
  map.with_options :controller => 'timelog' do |timelog|
    timelog.time_entries_report 'time_entries/report.:format', :action => 'report',
                                :conditions => { :method => :get }
    timelog.connect 'time_entries/:id', :action => 'destroy', :id => /\d+/,
                    :conditions => { :method => :delete }
  end

  # The wiki: pages, their history, any version, and diffs between versions.
  map.with_options :controller => 'wiki' do |wiki|
    wiki.project_wiki 'projects/:project_id/wiki', :action => 'show', :conditions => { :method => :get }
    wiki.wiki_page 'projects/:project_id/wiki/:page', :action => 'show',
                   :conditions => { :method => :get }
    wiki.edit_wiki_page 'projects/:project_id/wiki/:page/edit', :action => 'edit',
                        :conditions => { :method => [:get, :post] }
    wiki.wiki_page_history 'projects/:project_id/wiki/:page/history', :action => 'history',
                           :conditions => { :method => :get }
    wiki.wiki_page_version 'projects/:project_id/wiki/:page/:version', :action => 'show',
                           :version => /\d+/, :conditions => { :method => :get }
    wiki.wiki_diff 'projects/:project_id/wiki/:page/diff/:version/vs/:version_from',
                   :action => 'diff', :version_from => nil,
                   :requirements => { :version => /\d+/, :version_from => /\d+/ },
                   :conditions => { :method => :get }
    wiki.wiki_annotate 'projects/:project_id/wiki/:page/annotate/:version', :action => 'annotate',
                       :version => /\d+/, :conditions => { :method => :get }
    wiki.connect 'projects/:project_id/wiki/:page/:action', :action => /rename|protect|destroy/,
                 :conditions => { :method => :post }
  end

  # The repository browser: any file of the tree under `*path`.
  map.with_options :controller => 'repositories', :conditions => { :method => :get } do |repository|
    repository.project_repository 'projects/:project_id/repository', :action => 'show'
    repository.repository_statistics 'projects/:project_id/repository/statistics', :action => 'stats'
    repository.repository_raw 'projects/:project_id/repository/raw/*path', :action => 'entry',
                              :format => 'raw'
    repository.connect 'projects/:project_id/repository/:action/*path',
                       :action => /browse|entry|changes|annotate/
  end

  # Attachments, by id and by file name.
  map.with_options :controller => 'attachments', :conditions => { :method => :get }, :id => /\d+/ do |attachments|
    attachments.named_attachment 'attachments/:id/:filename', :action => 'show', :filename => /.+/
    attachments.download_attachment 'attachments/download/:id/:filename', :action => 'download',
                                    :filename => /.+/, :defaults => { :filename => nil }
  end
  map.resources :attachments, :only => [:show, :destroy]

  # Feeds, by format.
  map.activity 'activity.:format', :controller => 'activities', :action => 'index',
               :conditions => { :method => :get }
  map.connect 'projects/:project_id/activity.:format', :controller => 'activities',
              :action => 'index', :conditions => { :method => :get }
  map.resources :news, :only => [:index, :show, :edit, :update, :destroy] do |news|
    news.resources :comments, :controller => 'news_comments', :only => [:create, :destroy]
  end
  map.search 'search', :controller => 'search', :action => 'index', :conditions => { :method => :get }
  map.formatted_search 'search.:format', :controller => 'search', :action => 'index',
                       :conditions => { :method => :get }
  map.connect 'projects/:project_id/search', :controller => 'search', :action => 'index',
              :conditions => { :method => :get }

  # Administration.
  map.namespace :admin do |admin|
    admin.root :controller => 'dashboard', :conditions => { :method => :get }
    admin.resources :users, :member => { :lock => :post, :unlock => :post }
    admin.resources :roles, :collection => { :permissions => [:get, :post] }
    admin.resources :trackers, :except => :show
    admin.resources :issue_statuses, :except => :show
    admin.settings 'settings', :controller => 'settings', :action => 'edit',
                   :conditions => { :method => [:get, :post] }
    admin.info 'info', :controller => 'dashboard', :action => 'info', :conditions => { :method => :get }
  end

  # Anything else is a page of its own, for GET.
  map.connect '*path', :controller => 'errors', :action => 'not_found',
              :conditions => { :method => :get }
end
