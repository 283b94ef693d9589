import ShortcutLinks

/// What a new landing link is made from: the fields of `POST /api/links`, of `shortcut-serve links add`, and
/// of the embedding API, before they are checked (`LinkService.create` checks them all at once).
public struct LinkDraft: Sendable {
    /// The link's fields as given (`LandingLink`'s rules).
    package var fields: LandingLink.Fields
    /// The record's id (`PageID.rule`, and not `LinkRecord.reservedID`); nil for a new UUID.
    public var id: String?
    /// The secret that allows deleting it over the API; nil for a new random one.
    public var secret: String?

    /// A draft of `fields`.
    package init(fields: LandingLink.Fields, id: String? = nil, secret: String? = nil) {
        self.fields = fields
        self.id = id
        self.secret = secret
    }

    /// A draft with the required fields; set the others through `fields`.
    public init(title: String, appURL: String, fallbackURL: String, id: String? = nil, secret: String? = nil) {
        self.init(fields: LandingLink.Fields(title: title, appURL: appURL, fallbackURL: fallbackURL), id: id, secret: secret)
    }

    /// Checks the draft as `LinkService.create` will, without a store: for a caller that must not make a store
    /// for a draft that is refused (the command line).
    /// - Throws: `.invalid` with every problem.
    package func check(by caller: Caller) throws(ServiceError) {
        var problems = FieldProblems()
        _ = link(by: caller, problems: &problems)
        guard problems.isEmpty else { throw .invalid(problems.all) }
    }

    /// The link this draft makes, or nil; every problem goes into `problems` (a field already refused keeps
    /// its first reason).
    func link(by caller: Caller, problems: inout FieldProblems) -> LandingLink? {
        problems.checkNewRecord(id: id, secret: secret) { caller.reservedIDProblem($0) ?? LinkRecord.reservation($0) }
        do {
            return try LandingLink(fields: fields)
        } catch {
            for problem in error.all { problems.add(problem) }
            return nil
        }
    }
}
