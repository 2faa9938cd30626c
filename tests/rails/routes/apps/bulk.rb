# Made up to give the recogniser many alike subtrees at one level, as a large application's
# resources give it: twelve resources with the same members, collections, constrained and
# dotted ids, globs, optional groups and values sharing a segment, drawn by a loop as some
# routes files draw them. (The draw! port writes each one out.)

Rails.application.routes.draw do
  %w[alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu].each do |name|
    resources name.to_sym, only: [:index, :show, :update], constraints: { id: /[^\/]+?/ } do
      get "files/*path", on: :member, action: :file
      get "page(/:page)", on: :collection, action: :index, as: :paged, constraints: { page: /\d+/ }
      get "v/:major.:minor", on: :member, action: :version
      resources :notes, only: [:index, :show], constraints: { id: /\d+/ }
    end
    get "#{name}-feed(.:format)", to: "#{name}#feed", constraints: { format: /rss|atom/ }
  end
  get "*rest", to: "errors#not_found"
end

# request: GET /alpha/a.b.json
# request: GET /mu/a.b
# request: GET /kappa/x/files/a/b.txt
# request: GET /kappa/page/3
# request: GET /kappa/page/x
# request: GET /lambda/1/v/2.3
# request: GET /lambda/1/notes/2.json
# request: GET /lambda/1/notes/x
# request: PATCH /eta/a.b.json
# request: DELETE /eta/a.b.json
# request: GET /iota-feed.rss
# request: GET /iota-feed.json
# request: GET /iota-feed
