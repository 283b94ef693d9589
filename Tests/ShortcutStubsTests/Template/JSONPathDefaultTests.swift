import ShortcutStubs
import Testing

/// Issue 48, point 3: WireMock 3's `{{jsonPath request.body '$.missing' default='foo'}}` renders `foo` where
/// the path selects nothing or the body is not JSON (it rendered nothing here).
@Suite("jsonPath's default= option")
struct JSONPathDefaultTests {
    static func render(_ source: String, body: String) throws -> String {
        let template = try ResponseTemplate(source, helpers: TemplateWorkFixture.helpers)
        return try template.render(TemplateRequestModel(method: "POST", url: "/x", body: body).templateContext())
    }

    @Test func aPathThatSelectsNothingRendersTheDefault() throws {
        #expect(try Self.render("{{jsonPath request.body '$.missing' default='foo'}}", body: #"{"a": 1}"#) == "foo")
        #expect(try Self.render("{{jsonPath request.body '$.a' default='foo'}}", body: #"{"a": 1}"#) == "1")
        #expect(try Self.render("{{jsonPath request.body '$.missing'}}", body: #"{"a": 1}"#) == "")
    }

    @Test func aBodyThatIsNotJSONRendersTheDefault() throws {
        #expect(try Self.render("{{jsonPath request.body '$.a' default='none'}}", body: "not json") == "none")
    }
}
