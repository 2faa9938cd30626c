# frozen_string_literal: true

# Rails' router as a test oracle.
#
#   ruby tests/rails/oracle.rb ROUTES.rb > ANSWERS.json
#
# Draws ROUTES.rb (a `config/routes.rb` as an application has it, or only the body of its
# `draw` block) into a fresh ActionDispatch::Routing::RouteSet, with no Rails application
# around it, then asks that route set about thousands of requests, named-route helper calls
# and `url_for` calls, and prints every question with Rails' answer as one JSON document.
# The document is deterministic: the same routes file and the same ActionPack give the same
# bytes. README.md beside this file describes its fields.

require "action_dispatch"
# Loaded in every Rails application; redirects escape their body with it.
require "active_support/core_ext/string/output_safety"
# Routes files may use what Rails deprecates (dynamic :controller segments); Rails still
# answers for them, and its warnings are not part of the answer.
ActiveSupport::Deprecation.behavior = :silence
require "action_controller/metal/exceptions"
require "action_dispatch/middleware/exception_wrapper"
require "action_dispatch/routing/inspector"
require "rack"
require "rack/mock"
require "json"

abort "usage: ruby #{File.basename(__FILE__)} ROUTES.rb > ANSWERS.json" unless ARGV.size == 1
ROUTES_FILE = File.expand_path(ARGV[0])

module Oracle
  # ---------------------------------------------------------------------------------------
  # The world around the route set: no application, controllers that echo, a stub `Rails`.
  # ---------------------------------------------------------------------------------------

  # A controller class made on demand: it answers any action with what routing gave it.
  class EchoController
    def self.make_response!(_request)
      nil
    end

    # Asked by the request before parameters are decoded; a controller that skips no
    # parameter encoding answers false.
    def self.action_encoding_template(_action)
      false
    end

    def self.dispatch(action, request, _response)
      params = request.path_parameters
      body = {
        "controller" => params[:controller]&.to_s,
        "action" => action&.to_s,
        "params" => Oracle.stringify(params),
      }
      [200, { "Content-Type" => "application/x-oracle" }, [JSON.generate(body)]]
    end
  end

  # Wraps a Rack app that a route sends to (a mount, or `to: some_rack_app`): it calls the
  # real app, so that an `X-Cascade: pass` still passes, and otherwise answers with the
  # SCRIPT_NAME and PATH_INFO the app was given.
  class RackRecorder
    attr_reader :name

    def initialize(app, name)
      @app = app
      @name = name
    end

    def call(env)
      status, headers, _body = @app.call(env)
      return [status, headers, []] if headers["X-Cascade"] == "pass"

      body = { "mount" => @name, "script_name" => env["SCRIPT_NAME"], "path_info" => env["PATH_INFO"] }
      [status, { "Content-Type" => "application/x-oracle" }, [JSON.generate(body)]]
    end
  end

  # While requests are answered, any missing constant is made: modules for namespaces, echo
  # controllers for names ending in "Controller". While the routes are drawn, a missing
  # constant is the routes file's own mistake and raises as usual.
  module ConstMaker
    def const_missing(name)
      return super unless Oracle.making_constants

      value = name.to_s.end_with?("Controller") ? Class.new(Oracle::EchoController) : Module.new
      const_set(name, value)
    end
  end

  class << self
    attr_accessor :making_constants

    def stringify(value)
      case value
      when Hash then value.to_h { |k, v| [k.to_s, stringify(v)] }.sort.to_h
      when Array then value.map { |v| stringify(v) }
      when nil then nil
      else value.to_s
      end
    end

    # Values given in `# helper:` lines keep their JSON type where they have one.
    def jsonable(value)
      case value
      when Hash then value.to_h { |k, v| [k.to_s, jsonable(v)] }
      when Array then value.map { |v| jsonable(v) }
      when String, Integer, Float, true, false, nil then value
      else value.to_s
      end
    end

    # An exception as "Class: message", without the source lines that error_highlight and
    # did_you_mean add to the message, nor object ids.
    def error_text(error)
      message = error.respond_to?(:original_message) ? error.original_message : error.message
      "#{error.class}: #{message}".gsub(/0x[0-9a-f]+/, "0x0")
    end

    def regexp_text(regexp)
      return regexp.to_s unless regexp.is_a?(Regexp)

      regexp.options & (Regexp::IGNORECASE | Regexp::EXTENDED | Regexp::MULTILINE) == 0 ? regexp.source : regexp.to_s
    end
  end
end

Module.prepend(Oracle::ConstMaker)

# `Rails.application.routes` hands back the route set being drawn; `Rails::Railtie` exists
# and `Rails::Engine` exist because `mount` and the listing ask whether an app is one.
module Rails
  class Railtie; end
  class Engine < Railtie; end

  class << self
    attr_accessor :oracle_routes

    def application
      self
    end

    def routes
      oracle_routes
    end
  end
end

module Oracle
  # ---------------------------------------------------------------------------------------
  # Drawing the routes file.
  # ---------------------------------------------------------------------------------------

  COMMENT = /^\s*#\s*(request|helper|url_for):\s*(.+?)\s*$/.freeze

  def self.draw(file)
    source = File.read(file)
    set = ActionDispatch::Routing::RouteSet.new
    set.draw_paths = [File.join(File.dirname(file), "routes")]
    set.default_url_options = { host: "example.com" }
    Rails.oracle_routes = set
    if source.match?(/\.routes\.draw\b/)
      # Whatever constant stands before `.routes.draw` (`Rails.application`,
      # `Blog::Application`), it is this route set that draws.
      source = source.gsub(/(?:[A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)*(?:\.application)?)\.routes\.draw\b/,
                           "Rails.oracle_routes.draw")
      TOPLEVEL_BINDING.eval(source, File.basename(file), 1)
    else
      body = source
      set.draw { instance_eval(body, File.basename(file), 1) }
    end
    # `_url` helpers need a host; one the routes file sets itself (`default_url_options`)
    # is kept.
    set.default_url_options = { host: "example.com" }.merge(set.default_url_options)
    extras = source.scan(COMMENT)
    [set, extras]
  end

  # ---------------------------------------------------------------------------------------
  # What each route is.
  # ---------------------------------------------------------------------------------------

  def self.inner_app(route)
    app = route.app
    app.is_a?(ActionDispatch::Routing::Mapper::Constraints) ? app.app : app
  end

  def self.predicates(route)
    app = route.app
    return [] unless app.is_a?(ActionDispatch::Routing::Mapper::Constraints)

    app.constraints.map { "<predicate>" }
  end

  def self.rack_app_name(route, app)
    return app.name if app.is_a?(Module) && app.name
    return route.name if route.name

    "rack_app"
  end

  def self.redirect_info(app)
    return nil unless app.is_a?(ActionDispatch::Routing::Redirect)

    target =
      case app
      when ActionDispatch::Routing::PathRedirect then app.block.to_s
      when ActionDispatch::Routing::OptionRedirect then app.block.map { |k, v| "#{k}: #{v}" }.join(", ")
      else "<block>"
      end
    { "status" => app.status, "target" => target }
  end

  # A request condition as JSON: a regexp as Ruby writes it (`"/admin|staff/"`), so that it
  # stays apart from a string, which Rails compares whole; true and false (present, absent)
  # as booleans.
  def self.constraint_value(value)
    case value
    when Regexp then value.inspect
    when true, false then value
    when String, Symbol, Integer then value.to_s
    when Array then value.map { |v| constraint_value(v) }
    else "<predicate>"
    end
  end

  def self.describe(route)
    app = inner_app(route)
    dispatcher = route.dispatcher?
    redirect = redirect_info(app)
    rack = !dispatcher && !redirect
    request_constraints = route.constraints.to_h { |k, v| [k.to_s, constraint_value(v)] }.sort.to_h
    preds = predicates(route)
    request_constraints["predicates"] = preds unless preds.empty?
    {
      "name" => route.name,
      "verb" => route.verb,
      "path" => route.path.spec.to_s,
      "controller" => route.defaults[:controller]&.to_s,
      "action" => route.defaults[:action]&.to_s,
      "requirements" => route.path.requirements.to_h { |k, v| [k.to_s, regexp_text(to_regexp(v))] }.sort.to_h,
      "defaults" => stringify(route.defaults.except(:controller, :action)),
      "request_constraints" => request_constraints,
      "redirect" => redirect,
      "mount" => rack && !route.path.anchored ? { "app" => rack_app_name(route, app), "prefix" => route.path.spec.to_s } : nil,
      "rack_app" => rack && route.path.anchored ? rack_app_name(route, app) : nil,
    }
  end

  # The text of `bin/rails routes`, with object ids and directories of inspected Rack apps
  # taken out, so that it does not change from run to run or machine to machine.
  def self.listing(set, formatter)
    text = ActionDispatch::Routing::RoutesInspector.new(set.routes).format(formatter)
    text.gsub(/0x[0-9a-f]+/, "0x0").gsub(File.dirname(ROUTES_FILE) + "/", "")
  end

  # ---------------------------------------------------------------------------------------
  # Filling a route's path.
  # ---------------------------------------------------------------------------------------

  CANDIDATES = %w[1 42 2024 07 abc hello-world a.b a/b en json x ABC 1.2 a_b 0 9999 hello].freeze
  NAMED_CANDIDATES = {
    "format" => %w[json xml html txt atom rss],
    "locale" => %w[en fr de],
  }.freeze
  REFUSED_CANDIDATES = ["abc", "1", "x y", "zzz", "a/b", "a.b", "ABC", "-"].freeze
  DEFAULT_SEGMENT = /[^\/.?]+/.freeze
  COMBINATIONS_CAP = 32

  def self.anchored_regexp(regexp)
    Regexp.new("\\A(?:#{regexp.source})\\z", regexp.options)
  end

  # Words of a plain alternation (`en|fr`, `posts|users`), tried before everything else.
  def self.alternation_words(regexp)
    source = regexp.source
    source = source[1..-2] if source.start_with?("(") && source.end_with?(")") && !source.start_with?("(?")
    source.match?(/\A[\w-]+(\|[\w-]+)*\z/) ? source.split("|") : []
  end

  # A segment's requirement as a Regexp: Rails keeps a String requirement (`format: "txt"`)
  # as given and matches it literally.
  def self.to_regexp(requirement)
    requirement.is_a?(Regexp) ? requirement : Regexp.new(Regexp.escape(requirement.to_s))
  end

  def self.requirement(route, name, star)
    requirement = route.path.requirements[name.to_sym]
    requirement ? to_regexp(requirement) : (star ? /.+?/ : DEFAULT_SEGMENT)
  end

  def self.fill_values(route, name, star)
    regexp = requirement(route, name, star)
    anchored = anchored_regexp(regexp)
    if star
      return %w[a/b a/b.c].select { |v| anchored.match?(v) }.then { |v| v.empty? ? pick(route, name, regexp) : v }
    end

    pick(route, name, regexp)
  end

  def self.pick(_route, name, regexp)
    anchored = anchored_regexp(regexp)
    tries = alternation_words(regexp) + NAMED_CANDIDATES.fetch(name.to_s, []) + CANDIDATES
    found = tries.find { |v| anchored.match?(v) }
    found ? [found] : []
  end

  def self.refused_value(route, name)
    regexp = route.path.requirements[name.to_sym]
    return nil unless regexp

    anchored = anchored_regexp(to_regexp(regexp))
    REFUSED_CANDIDATES.find { |v| !anchored.match?(v) }
  end

  # Every way of taking or leaving the optional groups of a path's AST: arrays of parts, each
  # a literal String or [:symbol | :star, name].
  def self.expand(node)
    case node
    when ActionDispatch::Journey::Nodes::Cat
      left = expand(node.left)
      right = expand(node.right)
      left.product(right).map { |l, r| l + r }.first(COMBINATIONS_CAP * 4)
    when ActionDispatch::Journey::Nodes::Group
      [[]] + expand(node.left)
    when ActionDispatch::Journey::Nodes::Star
      [[[:star, node.name]]]
    when ActionDispatch::Journey::Nodes::Symbol
      [[[:symbol, node.name]]]
    else
      [[node.to_s]]
    end
  end

  def self.combinations(route)
    expand(route.path.spec).uniq.first(COMBINATIONS_CAP)
  end

  # The paths a combination stands for: each dynamic part filled with each value that its
  # requirement takes (one, or two for a glob). nil when a part can be filled with nothing.
  def self.fill(route, parts)
    choices = parts.map do |part|
      next [[part, nil]] if part.is_a?(String)

      kind, name = part
      values = fill_values(route, name, kind == :star)
      return [] if values.empty?

      values.map { |v| [v, name] }
    end
    choices.first.product(*choices.drop(1)).first(4).map do |filled|
      { path: filled.map(&:first).join, parts: filled, params: filled.select(&:last).to_h { |v, n| [n.to_s, v] } }
    end
  end

  # ---------------------------------------------------------------------------------------
  # Requests.
  # ---------------------------------------------------------------------------------------

  METHODS = %w[GET POST PUT PATCH DELETE HEAD OPTIONS].freeze
  DEFAULT_HOST = "example.com"

  # `primary`: a path filled from a route's own pattern, as opposed to a near miss.
  Request = Struct.new(:method, :path, :host, :https, :primary) do
    def key
      [path, host, https ? 1 : 0, METHODS.index(method) || 99, method]
    end

    def to_h
      h = { "method" => method, "path" => path, "host" => host }
      h["https"] = true if https
      h
    end
  end

  def self.near_misses(filled)
    path = filled[:path]
    parts = filled[:parts]
    misses = []
    misses << "#{path}/" unless path.end_with?("/")
    slash = path.rindex("/")
    misses << "#{path[0...slash]}/#{path[slash..]}" if slash
    misses << "#{path.chomp('/')}/extra"
    if slash && slash > 0
      misses << path[0...slash]
    end
    literal = parts.find { |v, name| name.nil? && v.match?(/[a-z]/) }
    if literal
      index = path.index(literal.first)
      misses << path[0...index] + literal.first.upcase + path[(index + literal.first.size)..]
    end
    dynamic_index = parts.index { |_v, name| name }
    if dynamic_index
      ["1.2", "a%20b", "a%2Fb", "1%2E2"].each do |value|
        misses << parts.each_with_index.map { |(v, _n), i| i == dynamic_index ? value : v }.join
      end
    elsif path.match?(/[a-z]\z/)
      misses << path[0...-1] + format("%%%02X", path[-1].ord)
    end
    misses << "#{path}?q=1"
    misses.reject { |m| m.empty? || m == path }
  end

  # Hosts (and schemes) for a route with request constraints: one that should match, one that
  # should not.
  # A value that a request condition (`subdomain: "api"`, `port: [8080]`, `host: /.../`)
  # should take, from the condition itself or, for a regexp, the first candidate it matches.
  def self.sample_for(condition, candidates)
    case condition
    when Regexp then (alternation_words(condition) + candidates).find { |c| condition.match?(c) }
    when Array then condition.first&.to_s
    when true then candidates.first
    when false, nil then nil
    else condition.to_s
    end
  end

  def self.hosts_for(route)
    conditions = route.constraints
    hosts = []
    if conditions.key?(:subdomain)
      word = sample_for(conditions[:subdomain], %w[api www admin app beta])
      hosts << [word.nil? || word.empty? ? DEFAULT_HOST : "#{word}.#{DEFAULT_HOST}", false]
      hosts << ["nope.#{DEFAULT_HOST}", false]
    end
    if conditions.key?(:domain)
      domain = sample_for(conditions[:domain], %w[example.org example.net])
      hosts << ["www.#{domain}", false] if domain
      hosts << ["www.example.org", false]
    end
    if conditions.key?(:host)
      host = sample_for(conditions[:host], %w[example.com api.example.com www.example.com])
      hosts << [host, false] if host
      hosts << ["other.example.net", false]
    end
    if conditions.key?(:port)
      port = sample_for(conditions[:port], %w[8080 3000 8443])
      hosts << ["#{DEFAULT_HOST}:#{port}", false] if port
      hosts << ["#{DEFAULT_HOST}:8081", false]
    end
    if conditions.key?(:protocol)
      https = sample_for(conditions[:protocol], %w[https:// http://]).to_s.start_with?("https")
      hosts << [DEFAULT_HOST, https]
      hosts << [DEFAULT_HOST, !https]
    end
    if hosts.empty? && !conditions.except(:request_method, :required_defaults).empty? || !predicates(route).empty?
      hosts += [["api.example.com", false], ["www.example.com", false], ["example.com", true]]
    end
    hosts.uniq
  end

  def self.generate_requests(set)
    requests = []
    set.routes.each do |route|
      verb = route.verb.split("|").first
      verb = "GET" if verb.nil? || verb.empty? || !METHODS.include?(verb)
      extra_hosts = hosts_for(route)
      combinations(route).each do |parts|
        fill(route, parts).each do |filled|
          path = filled[:path]
          path = "/" if path.empty?
          METHODS.each { |m| requests << Request.new(m, path, DEFAULT_HOST, false, true) }
          near_misses(filled).each { |p| requests << Request.new(verb, p, DEFAULT_HOST, false) }
          requests << Request.new(verb, "#{path.chomp('/')}/deep/er", DEFAULT_HOST, false) unless route.path.anchored
          extra_hosts.each { |host, https| requests << Request.new(verb, path, host, https) }
        end
      end
    end
    requests
  end

  def self.parse_request_line(text)
    method, target = text.split(/\s+/, 2)
    raise ArgumentError, "bad `# request:` line: #{text}" unless method && target

    if target =~ %r{\A(https?)://([^/]+)(/.*)?\z}
      Request.new(method.upcase, Regexp.last_match(3) || "/", Regexp.last_match(2), Regexp.last_match(1) == "https")
    else
      Request.new(method.upcase, target, DEFAULT_HOST, false)
    end
  end

  def self.answer(set, request)
    scheme = request.https ? "https" : "http"
    env = Rack::MockRequest.env_for("#{scheme}://#{request.host}#{request.path}", method: request.method)
    status, headers, body = set.call(env)
    text = +""
    body.each { |chunk| text << chunk }
    body.close if body.respond_to?(:close)
    if headers["Content-Type"] == "application/x-oracle"
      { "status" => status }.merge(JSON.parse(text))
    elsif status == 404 && headers["X-Cascade"] == "pass"
      { "status" => 404 }
    elsif headers["Location"]
      { "status" => status, "location" => headers["Location"] }
    else
      { "status" => status, "body" => text }
    end
  rescue StandardError => e
    code = ActionDispatch::ExceptionWrapper.status_code_for_exception(e.class.name)
    { "status" => code, "error" => error_text(e) }
  end

  # ---------------------------------------------------------------------------------------
  # Helpers and url_for.
  # ---------------------------------------------------------------------------------------

  HELPER_CAP = 8

  def self.helper_context(set)
    helpers = set.url_helpers
    context = Class.new { include helpers }.new
    context.define_singleton_method(:route_set) { set }
    context
  end

  def self.generation_answer
    { "path" => yield }
  rescue StandardError => e
    { "error" => error_text(e) }
  end

  def self.helper_call(ctx, helper, params, args = [])
    answer = generation_answer { ctx.public_send(helper, *args, **params.transform_keys(&:to_sym)) }
    entry = { "helper" => helper }
    entry["args"] = jsonable(args) unless args.empty?
    entry["params"] = jsonable(params).sort.to_h
    entry["answer"] = answer
    entry
  end

  def self.generate_helpers(set, ctx)
    calls = []
    seen = {}
    set.routes.each do |route|
      name = route.name
      next if name.nil? || seen[name]

      seen[name] = true
      param_sets = combinations(route).flat_map { |parts| fill(route, parts).map { |f| f[:params] } }.uniq
      param_sets = [{}] if param_sets.empty? && route.path.names.empty?
      param_sets.first(HELPER_CAP).each { |params| calls << helper_call(ctx, "#{name}_path", params) }
      full = param_sets.max_by(&:size) || {}
      calls << helper_call(ctx, "#{name}_url", full)
      required = route.path.required_names
      unless required.empty?
        calls << helper_call(ctx, "#{name}_path", full.except(required.first))
        refused = required.lazy.map { |n| [n, refused_value(route, n)] }.find { |_n, v| v }
        calls << helper_call(ctx, "#{name}_path", full.merge(refused[0] => refused[1])) if refused
      end
    end
    calls
  end

  # `# helper: name_path(id: "1", format: "json")`: the call is Ruby, evaluated with a stand-in
  # for the helper that captures its arguments.
  def self.parse_helper_line(text)
    match = text.match(/\A(\w+)(?:\((.*)\))?\z/m)
    raise ArgumentError, "bad `# helper:` line: #{text}" unless match

    captured = Object.new
    def captured.c(*args, **params)
      [args, params]
    end
    args, params = captured.instance_eval("c(#{match[2]})", "helper line", 1)
    [match[1], args, params]
  end

  # The params as a request carries them: a default that a route gives as a number or a
  # boolean (`limit: 10`) is that value, not its text, which Rails' `url_for` compares with
  # the route's defaults as they are (`"10"` is not `10`). A Rust `url_for` has only text.
  def self.typed_params(set, params)
    typed = Hash.new { |h, k| h[k] = [] }
    set.routes.each do |route|
      route.defaults.each { |k, v| typed[k.to_s] << v unless v.is_a?(String) || v.nil? }
    end
    params.to_h { |k, v| [k, typed[k.to_s].find { |d| d.to_s == v } || v] }
  end

  def self.url_for_call(ctx, params)
    symbolized = typed_params(ctx.route_set, params).transform_keys(&:to_sym)
    answer = generation_answer { ctx.url_for(symbolized.merge(only_path: true)) }
    { "params" => jsonable(params).sort.to_h, "answer" => answer }
  end

  URL_FOR_PER_ACTION = 4

  def self.generate_url_for(ctx, answered)
    by_action = {}
    answered.each do |answer|
      next unless answer["controller"] && answer["status"] == 200 && answer["params"]

      list = (by_action[[answer["controller"], answer["action"]]] ||= [])
      params = answer["params"].reject { |_k, v| v.nil? }
      list << params unless list.include?(params) || list.size >= URL_FOR_PER_ACTION
    end
    calls = []
    by_action.each_value do |list|
      list.each { |params| calls << url_for_call(ctx, params) }
      calls << url_for_call(ctx, list.first.merge("extra" => "1", "q" => "a b"))
    end
    calls
  end

  # ---------------------------------------------------------------------------------------
  # The document.
  # ---------------------------------------------------------------------------------------

  # Pretty at the top two levels, one line for each element of a list: diffs stay readable
  # and files stay small.
  def self.dump(document)
    lines = ["{"]
    document.each_with_index do |(key, value), i|
      comma = i == document.size - 1 ? "" : ","
      if value.is_a?(Array)
        if value.empty?
          lines << "  #{JSON.generate(key)}: []#{comma}"
        else
          lines << "  #{JSON.generate(key)}: ["
          value.each_with_index do |element, j|
            lines << "    #{JSON.generate(element)}#{j == value.size - 1 ? '' : ','}"
          end
          lines << "  ]#{comma}"
        end
      else
        lines << "  #{JSON.generate(key)}: #{JSON.generate(value)}#{comma}"
      end
    end
    lines << "}"
    lines.join("\n") + "\n"
  end

  def self.run(file)
    begin
      set, extras = draw(file)
    rescue ArgumentError, NameError, NoMethodError => e
      # A routes file Rails refuses: the answer is the error it raises while drawing.
      message = error_text(e).gsub(File.dirname(file) + "/", "")
      return { "rails" => ActionPack.version.to_s, "draw_error" => message }
    end
    formatter = ActionDispatch::Routing::ConsoleFormatter
    document = {
      "rails" => ActionPack.version.to_s,
      "listing" => listing(set, formatter::Sheet.new),
      "listing_expanded" => listing(set, formatter::Expanded.new(width: 80)),
      "routes" => set.routes.map { |route| describe(route) },
    }

    # From here on the Rack apps that routes send to answer with what they were given.
    set.routes.each do |route|
      app = route.app
      next if route.dispatcher? || redirect_info(inner_app(route))

      recorder = RackRecorder.new(inner_app(route), rack_app_name(route, inner_app(route)))
      if app.is_a?(ActionDispatch::Routing::Mapper::Constraints)
        app.instance_variable_set(:@app, recorder)
      else
        route.instance_variable_set(:@app, recorder)
      end
    end

    Oracle.making_constants = true
    requests = generate_requests(set)
    extras.each { |kind, text| requests << parse_request_line(text) if kind == "request" }
    primary = requests.select(&:primary).map(&:key).to_h { |k| [k, true] }
    requests = requests.uniq(&:key).sort_by(&:key)
    answered = requests.map { |r| r.to_h.merge("answer" => answer(set, r)) }
    document["requests"] = answered
    clean_answers = requests.zip(answered).select { |r, _| primary[r.key] }.map { |_, a| a["answer"] }

    ctx = helper_context(set)
    helpers = generate_helpers(set, ctx)
    extras.each do |kind, text|
      next unless kind == "helper"

      name, args, params = parse_helper_line(text)
      helpers << helper_call(ctx, name, params, args)
    end
    document["helpers"] = helpers.uniq.each_with_index.sort_by { |h, i| [h["helper"], i] }.map(&:first)

    url_for = generate_url_for(ctx, clean_answers)
    extras.each do |kind, text|
      next unless kind == "url_for"

      url_for << url_for_call(ctx, jsonable(Object.new.instance_eval("{#{text}}", "url_for line", 1)))
    end
    document["url_for"] = url_for.uniq.sort_by { |c| JSON.generate(c["params"]) }
    document
  end
end

$stdout.write(Oracle.dump(Oracle.run(ROUTES_FILE)))
