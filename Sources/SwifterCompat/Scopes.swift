import Foundation
import HTTPVocabulary

/// A block of the `scopes` DSL.
public typealias Closure = () -> Void

/// A handler that answers with the HTML the `scopes` DSL writes:
///
/// ```swift
/// server["/my_html"] = scopes { html { body { h1 { inner = "hello" } } } }
/// ```
///
/// Inside an element's closure, `inner` sets its raw content and attributes (`href`, `classs`, …) set its
/// attributes; nested elements follow `inner`. The state is the calling thread's own, so handlers on
/// several queues at once write separate pages (Swifter's attributes were process-wide variables).
public func scopes(_ scope: @escaping Closure) -> ((HttpRequest) -> HttpResponse) {
    { _ in
        let state = ScopeState.current
        let saved = state.save()
        scope()
        let page = "<!DOCTYPE html>" + state.output
        state.restore(saved)
        return .raw(200, "OK", ["Content-Type": "text/html"]) { try $0.write(Array(page.utf8)) }
    }
}

/// The raw content of the element being written (not escaped: it may hold markup).
public var inner: String? {
    get { ScopeState.current.inner }
    set { ScopeState.current.inner = newValue }
}

/// Writes `<node>` with `attrs` (an attribute set in the closure wins over one given here).
public func element(_ node: String, _ closure: Closure) { ScopeState.current.write(node, [:], closure) }

/// Writes `<node>` with `attrs` (an attribute set in the closure wins over one given here).
public func element(_ node: String, _ attrs: [String: String?] = [:], _ closure: Closure) {
    ScopeState.current.write(node, attrs, closure)
}

/// Writes a `<table>` whose content `closure` writes once per item.
public func table<T: Sequence>(_ collection: T, closure: @escaping (T.Iterator.Element) -> Void) {
    element("table") { for item in collection { closure(item) } }
}

/// Writes a `<tbody>` whose content `closure` writes once per item.
public func tbody<T: Sequence>(_ collection: T, closure: @escaping (T.Iterator.Element) -> Void) {
    element("tbody") { for item in collection { closure(item) } }
}

/// Writes a `<ul>` whose content `closure` writes once per item.
public func ul<T: Sequence>(_ collection: T, _ closure: @escaping (T.Iterator.Element) -> Void) {
    element("ul") { for item in collection { closure(item) } }
}

/// Writes `<script type="text/javascript">`.
public func javascript(_ closure: Closure) { element("script", ["type": "text/javascript"], closure) }

/// Writes `<link rel="stylesheet" type="text/css">`.
public func stylesheet(_ closure: Closure) { element("link", ["rel": "stylesheet", "type": "text/css"], closure) }

/// What the DSL has written so far on one thread, and the attributes of the element being written.
final class ScopeState {
    var output = ""
    var attributes: [String: String] = [:]
    var inner: String?

    private static let key = "SwifterCompat.ScopeState"

    /// The calling thread's state (made on first use).
    static var current: ScopeState {
        let dictionary = Thread.current.threadDictionary
        if let state = dictionary[key] as? ScopeState { return state }
        let state = ScopeState()
        dictionary[key] = state
        return state
    }

    typealias Saved = (output: String, attributes: [String: String], inner: String?)

    /// Saves the state and clears it for a nested page or element.
    func save() -> Saved {
        defer {
            output = ""
            attributes = [:]
            inner = nil
        }
        return (output, attributes, inner)
    }

    func restore(_ saved: Saved) { (output, attributes, inner) = saved }

    /// Writes `<node attributes>inner children</node>` after what is written, attributes sorted by name
    /// and escaped.
    func write(_ node: String, _ given: [String: String?], _ closure: Closure) {
        let saved = save()
        closure()
        var merged: [String: String] = [:]
        for (name, value) in given { if let value { merged[name] = value } }
        merged.merge(attributes) { $1 }
        var opening = "<" + node
        for (name, value) in merged.sorted(by: { $0.key < $1.key }) {
            opening += " \(name)=\"\(Escape.html(value))\""
        }
        let rendered = opening + ">" + (inner ?? "") + output + "</" + node + ">"
        restore(saved)
        output += rendered
    }
}
