extension TemplateHelpers {
    /// `each`, `with` and `lookup`: the helpers that change or reach into the context.
    mutating func registerIteration() {
        register(
            "each",
            TemplateHelper(form: .block, arguments: 1...1, options: []) { call throws(TemplateError) in
                let value = call.argument(0)
                guard value.isTruthy, let items = TemplateIteration.Items(value), items.count > 0 else {
                    try call.appendInverse()
                    return .null
                }
                for index in 0..<items.count {
                    try call.countIteration()
                    try call.appendItem(items.item(at: index))
                }
                return .null
            })
        register(
            "with",
            TemplateHelper(form: .block, arguments: 1...1, options: []) { call throws(TemplateError) in
                let value = call.argument(0)
                if value.isTruthy {
                    try call.appendBody(context: value, blockParameters: [value])
                } else {
                    try call.appendInverse()
                }
                return .null
            })
        register(
            "lookup",
            TemplateHelper(form: .inline, arguments: 2...2, options: []) { call throws(TemplateError) in
                // `{{lookup request.query 'ids[]'}}`: a member whose name a path cannot spell. Finding it may
                // compare every member, as a path's step may.
                let value = call.argument(0)
                try call.countWork(TemplateWorkCost.step(into: value))
                return value.member(try call.text(1)) ?? .null
            })
    }
}
