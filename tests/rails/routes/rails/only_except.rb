# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# `only:` and `except:` on resources and singular resources, given on a scope and inherited
# by the resources in it, overridden by a resource's own option (which its children do not
# inherit), and overridden again by a nested scope.

Rails.application.routes.draw do
  # test_resource_routes_with_only_and_except
  resources :posts, only: [:index, :show] do
    resources :comments, except: :destroy
  end

  # test_resource_routes_only_create_update_destroy
  resource :past, only: :destroy
  resource :present, only: :update
  resource :future, only: :create

  # test_resources_routes_only_create_update_destroy
  resources :relationships, only: [:create, :destroy]
  resources :friendships, only: [:update]

  # test_resource_merges_options_from_scope, test_resources_merges_options_from_scope
  scope only: :show do
    resource :account
  end
  scope only: [:index, :show] do
    resources :products do
      resources :images
    end
  end

  # test_only_should_be_read_from_scope
  scope only: [:index, :show] do
    namespace :only do
      resources :clubs do
        resources :players
        resource :chairman
      end
    end
  end

  # test_except_should_be_read_from_scope
  scope except: [:new, :create, :edit, :update, :destroy] do
    namespace :except do
      resources :clubs do
        resources :players
        resource :chairman
      end
    end
  end

  # test_only_option_should_override_scope, test_only_option_should_not_inherit,
  # test_except_option_should_override_scoped_only, test_only_scope_should_override_parent_scope,
  # test_except_scope_should_override_parent_only_scope
  scope only: :show do
    namespace :only do
      resources :sectors, only: :index do
        resources :companies do
          scope only: :index do
            resources :divisions
          end
          scope except: [:show, :update, :destroy] do
            resources :departments
          end
        end
        resource :leader
        resources :managers, except: [:show, :update, :destroy]
      end
    end
  end

  # test_except_option_should_override_scope, test_except_option_should_not_inherit,
  # test_only_option_should_override_scoped_except, test_except_scope_should_override_parent_scope,
  # test_only_scope_should_override_parent_except_scope
  scope except: :index do
    namespace :except do
      resources :sectors, except: [:show, :update, :destroy] do
        resources :companies do
          scope except: [:show, :update, :destroy] do
            resources :divisions
          end
          scope only: :index do
            resources :departments
          end
        end
        resource :leader
        resources :managers, only: :index
      end
    end
  end
end

# request: GET /posts
# request: GET /posts/1
# request: GET /posts/1/comments
# request: POST /posts
# request: PUT /posts/1
# request: DELETE /posts/1
# request: DELETE /posts/1/comments
# request: DELETE /past
# request: PATCH /present
# request: PUT /present
# request: POST /future
# request: POST /relationships
# request: DELETE /relationships/1
# request: PATCH /friendships/1
# request: PUT /friendships/1
# request: GET /account/new
# request: GET /products/1/edit
# request: POST /products/1/images/2/edit
# request: GET /only/clubs
# request: GET /only/clubs/1/edit
# request: GET /only/clubs/1/players
# request: GET /only/clubs/1/players/2/edit
# request: GET /only/clubs/1/chairman
# request: GET /only/clubs/1/chairman/edit
# request: GET /except/clubs
# request: GET /except/clubs/1/edit
# request: GET /except/clubs/1/players
# request: GET /except/clubs/1/players/2/edit
# request: GET /except/clubs/1/chairman
# request: GET /except/clubs/1/chairman/edit
# request: GET /only/sectors
# request: GET /only/sectors/1
# request: GET /only/sectors/1/companies/2
# request: GET /only/sectors/1/leader
# request: GET /only/sectors/1/managers
# request: GET /only/sectors/1/managers/2
# request: GET /only/sectors/1/companies/2/divisions
# request: GET /only/sectors/1/companies/2/divisions/3
# request: GET /only/sectors/1/companies/2/departments
# request: GET /only/sectors/1/companies/2/departments/3
# request: GET /except/sectors
# request: GET /except/sectors/1
# request: GET /except/sectors/1/companies/2
# request: GET /except/sectors/1/leader
# request: GET /except/sectors/1/managers
# request: GET /except/sectors/1/managers/2
# request: GET /except/sectors/1/companies/2/divisions
# request: GET /except/sectors/1/companies/2/divisions/3
# request: GET /except/sectors/1/companies/2/departments
# request: GET /except/sectors/1/companies/2/departments/3
# helper: posts_path
# helper: post_path(id: 1)
# helper: post_comments_path(post_id: 1)
# helper: past_path
# helper: present_path
# helper: future_path
# helper: relationships_path
# helper: relationship_path(1)
# helper: friendship_path(1)
# helper: only_clubs_path
# helper: only_club_players_path(club_id: "1")
# helper: only_club_chairman_path(club_id: "1")
# helper: except_clubs_path
# helper: except_club_players_path(club_id: "1")
# helper: except_club_chairman_path(club_id: "1")
# helper: only_sectors_path
# helper: only_sector_company_path(sector_id: "1", id: "2")
# helper: only_sector_leader_path(sector_id: "1")
# helper: only_sector_managers_path(sector_id: "1")
# helper: only_sector_company_divisions_path(sector_id: "1", company_id: "2")
# helper: only_sector_company_departments_path(sector_id: "1", company_id: "2")
# helper: except_sectors_path
# helper: except_sector_company_path(sector_id: "1", id: "2")
# helper: except_sector_leader_path(sector_id: "1")
# helper: except_sector_managers_path(sector_id: "1")
# helper: except_sector_company_divisions_path(sector_id: "1", company_id: "2")
# helper: except_sector_company_departments_path(sector_id: "1", company_id: "2")
