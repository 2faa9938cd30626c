# Every construct of a Rails 2.x routes file that resourceful-convert reads, and each place
# where routes! differs from Rails 2.3; tests/convert.rs checks every route of it.
ActionController::Routing::Routes.draw do |r|
  # A block variable of any name; every option of map.resources.
  r.resources :articles, :collection => { :recent => :get },
              :member => { :publish => :put, :preview => [:get, :post] },
              :new => { :draft => :post }, :has_many => [:comments, { :revisions => :diffs }],
              :has_one => :author do |article|
    article.resources :tags, :only => [:index, :show, :create], :requirements => { :id => /\d+/ }
    article.resource :cover, :except => :destroy
  end
  r.resources :people, :controller => 'users', :singular => 'person', :as => 'folks',
              :requirements => { :id => /[a-z]+/ }
  r.resources :products, :path_prefix => 'stores/:store_id', :name_prefix => 'store_',
              :conditions => { :subdomain => 'shop' }
  r.resources :photos, :shallow => true, :path_names => { :new => 'upload', :edit => 'change' } do |photo|
    photo.resources :notes
  end
  r.resource :account, :namespace => 'settings/' do |account|
    account.resources :keys, :name_prefix => nil
  end
  r.namespace :admin do |admin|
    admin.resources :reports, :only => :index
    admin.with_options :controller => 'tools' do |tools|
      tools.tool 'tools/:id', :action => 'show', :id => /\d+/
    end
  end

  # with_options, nested, and a call on the outer mapper inside one.
  r.with_options :controller => 'pages', :conditions => { :method => :get } do |pages|
    pages.about 'about', :action => 'about'
    pages.with_options :action => 'show' do |show|
      show.page 'pages/:name', :name => /[a-z-]+/
      r.connect 'pages', :controller => 'directory', :action => 'index' # without the options
    end
    pages.legal 'legal/:section', :action => 'legal', :section => nil
  end
  r.with_options :name_prefix => 'feed_', :controller => 'feeds' do |feeds|
    feeds.latest 'feeds/latest', :action => 'latest'
    feeds.connect 'feeds/:id', :action => 'show'
  end

  # Globs, defaults, formats.
  r.download 'downloads/*path', :controller => 'downloads', :action => 'show', :format => 'bin'
  r.archive 'archive/:year/:month', :controller => 'archive', :action => 'month',
            :defaults => { :month => '1' }, :year => /\d{4}/
  r.feed 'feed', :controller => 'feeds', :action => 'index'
  r.formatted_feed 'feed.:format', :controller => 'feeds', :action => 'index'
  r.sitemap 'sitemap.:format', :controller => 'sitemaps', :action => 'show'

  # A helper defined twice: Rails gives the name to the later one.
  r.help 'help', :controller => 'help', :action => 'index'
  r.help 'support', :controller => 'help', :action => 'support'

  r.root :controller => 'home'
  r.connect ':controller/:action/:id'
  r.connect ':controller/:action/:id.:format'
end
