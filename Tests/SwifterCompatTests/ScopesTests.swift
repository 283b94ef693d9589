import Dispatch
import Foundation
import SwifterCompat
import Testing

/// The `scopes` HTML DSL: elements, attributes, `inner`, collections, and per-thread state.
@Suite struct ScopesTests {
    func page(_ scope: @escaping Closure) throws -> String {
        guard case .raw(200, "OK", let headers, let write?) = scopes(scope)(HttpRequest()) else {
            Issue.record("scopes answers .raw 200")
            return ""
        }
        #expect(headers?["Content-Type"] == "text/html")
        let collector = Collector()
        try write(collector)
        return String(decoding: collector.bytes, as: UTF8.self)
    }

    @Test func elementsAttributesAndInner() throws {
        let output = try page {
            html {
                head { title { inner = "T" } }
                body {
                    div {
                        idd = "main"
                        classs = "a \"quoted\" class"
                        inner = "<b>raw</b>"
                        a {
                            href = "/x?a=1&b=2"
                            inner = "link"
                        }
                    }
                    javascript { inner = "1 < 2" }
                    stylesheet { href = "s.css" }
                    element("custom", ["data-x": "1", "skip": nil]) { inner = "c" }
                    elementt { inner = "e" }
                    varr { inner = "v" }
                }
            }
        }
        #expect(
            output == "<!DOCTYPE html><html><head><title>T</title></head><body>"
                + "<div class=\"a &quot;quoted&quot; class\" id=\"main\"><b>raw</b><a href=\"/x?a=1&amp;b=2\">link</a></div>"
                + "<script type=\"text/javascript\">1 < 2</script><link href=\"s.css\" rel=\"stylesheet\" type=\"text/css\"></link>"
                + "<custom data-x=\"1\">c</custom><element>e</element><var>v</var></body></html>")
    }

    @Test func collections() throws {
        let output = try page {
            table(["r1", "r2"]) { row in tr { td { inner = row } } }
            tbody([1]) { number in tr { inner = "\(number)" } }
            ul(["x"]) { item in li { inner = item } }
        }
        #expect(
            output == "<!DOCTYPE html><table><tr><td>r1</td></tr><tr><td>r2</td></tr></table>"
                + "<tbody><tr>1</tr></tbody><ul><li>x</li></ul>")
    }

    @Test func attributesStayWithTheirElement() throws {
        let output = try page {
            p {
                title = "outer"
                span { inner = "no title here" }
            }
            p { inner = "none either" }
        }
        #expect(output == "<!DOCTYPE html><p title=\"outer\"><span>no title here</span></p><p>none either</p>")
        #expect(title == nil && inner == nil, "nothing is left set after the page")
    }

    @Test func pagesWrittenOnSeveralThreadsAtOnceDoNotMix() {
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for round in 0..<50 {
                do {
                    let text = try page {
                        div {
                            idd = "\(index)-\(round)"
                            inner = "\(index)"
                        }
                    }
                    results.add(text == "<!DOCTYPE html><div id=\"\(index)-\(round)\">\(index)</div>")
                } catch {
                    results.add(false)
                }
            }
        }
        #expect(results.allTrue && results.count == 400)
    }

    /// Collects what a `.raw` writer writes.
    final class Collector: HttpResponseBodyWriter {
        var bytes: [UInt8] = []
        func write(_ file: String.File) throws {}
        func write(_ data: [UInt8]) throws { bytes += data }
        func write(_ data: ArraySlice<UInt8>) throws { bytes += data }
        func write(_ data: NSData) throws { bytes += Data(referencing: data) }
        func write(_ data: Data) throws { bytes += data }
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Bool] = []
        func add(_ value: Bool) { lock.withLock { values.append(value) } }
        var allTrue: Bool { lock.withLock { values.allSatisfy { $0 } } }
        var count: Int { lock.withLock { values.count } }
    }
}
