import ShortcutJSON

extension LandingLink.Fields {
    /// Every field's name, in the order the API, `links show` and the record give them: the names of the
    /// API's JSON members, of the problems `LandingLink` reports, and of the record's metadata.
    package static let names = LandingLink.Fields().named.map(\.name)

    /// The fields by name (`names`), in that order; nil for an absent one.
    package var named: [(name: String, value: String?)] {
        [
            ("title", title), ("description", description), ("image", image), ("app_url", appURL),
            ("universal_url", universalURL), ("fallback_url", fallbackURL), ("app_store_id", appStoreID),
            ("app_clip_bundle_id", appClipBundleID), ("app_id", appID),
        ]
    }

    /// The fields from values by name (`names`); a name that is missing is an absent field.
    package init(named values: [String: String]) {
        self.init(
            title: values["title"], description: values["description"], image: values["image"],
            appURL: values["app_url"], universalURL: values["universal_url"], fallbackURL: values["fallback_url"],
            appStoreID: values["app_store_id"], appClipBundleID: values["app_clip_bundle_id"], appID: values["app_id"])
    }
}

extension LandingLink {
    /// The fields as a JSON object, by name in `Fields.names` order, absent ones as null.
    package var json: JSONValue {
        .object(fields.named.map { ($0.name, $0.value.map(JSONValue.string) ?? .null) })
    }
}
