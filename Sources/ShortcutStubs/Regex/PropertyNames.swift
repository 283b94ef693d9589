/// Java's `\p{…}` names, resolved the way `Pattern.family` and `CharPredicates` resolve them.
enum PropertyNames {
    /// What a name resolves to.
    enum Resolution: Equatable {
        /// A class this engine evaluates.
        case found(ScalarClass)
        /// A name Java knows that this engine does not evaluate (scripts, blocks), with the reason.
        case unsupported(String)
        /// A name Java does not know either.
        case unknown
    }

    /// Resolves the text between `\p{` and `}` (or the single letter of `\pL`) under the current flags.
    static func resolve(_ name: String, caseInsensitive: Bool, unicodeClasses: Bool) -> Resolution {
        let unsupported = "Unicode scripts and blocks (\\p{IsLatin}, \\p{InGreek}) are not supported"
        if let equals = name.firstIndex(of: "=") {
            let key = String(name[..<equals]).lowercased()
            let value = String(name[name.index(after: equals)...])
            switch key {
            case "sc", "script", "blk", "block": return .unsupported(unsupported)
            case "gc", "general_category": return found(javaProperty(value, caseInsensitive))
            default: return .unknown
            }
        }
        if name.hasPrefix("In") { return .unsupported(unsupported) }
        if name.hasPrefix("Is") {
            let short = String(name.dropFirst(2))
            if let found = unicodeProperty(short.uppercased(), caseInsensitive) ?? javaProperty(short, caseInsensitive) {
                return .found(found)
            }
            return .unsupported("\\p{\(name)} is not a known property; " + unsupported)
        }
        if unicodeClasses, let posix = posixProperty(name.uppercased(), caseInsensitive) {
            return .found(posix)
        }
        return found(javaProperty(name, caseInsensitive))
    }

    private static func found(_ resolved: ScalarClass?) -> Resolution {
        resolved.map { .found($0) } ?? .unknown
    }

    private static func categories(_ mask: UInt32) -> ScalarClass {
        .predicate(.categories(mask))
    }

    private static func category(_ category: Unicode.GeneralCategory) -> ScalarClass {
        .predicate(.categories(ScalarPredicate.bit(category)))
    }

    /// Lower, upper or title case; what Java's case-insensitive `Lower`, `Upper`, `Lu`, … widen to.
    private static let anyCase = ScalarClass.union(of: [
        .predicate(.lowercase), .predicate(.uppercase), category(.titlecaseLetter),
    ])
    private static let alnum = ScalarClass.union(of: [.predicate(.alphabetic), category(.decimalNumber)])
    private static let blank = ScalarClass.union(of: [category(.spaceSeparator), .single(0x09)])
    private static let hexDigit = ScalarClass.union(of: [
        category(.decimalNumber), .of(0x30...0x39, 0x41...0x46, 0x61...0x66, 0xFF10...0xFF19, 0xFF21...0xFF26, 0xFF41...0xFF46),
    ])
    private static let graph = categories(ScalarPredicate.separators | ScalarPredicate.mask(.control, .surrogate, .unassigned))
        .negated
    private static let print = ScalarClass.intersection(of: [.union(of: [graph, blank]), category(.control).negated])
    private static let identifierIgnorable = ScalarClass.union(of: [
        .of(0x00...0x08, 0x0E...0x1B, 0x7F...0x9F), category(.format),
    ])

    /// Java's `CharPredicates.getPosixPredicate`: the Unicode forms of the POSIX names (under `(?U)`).
    private static func posixProperty(_ upper: String, _ caseInsensitive: Bool) -> ScalarClass? {
        switch upper {
        case "ALPHA": .predicate(.alphabetic)
        case "LOWER": caseInsensitive ? anyCase : .predicate(.lowercase)
        case "UPPER": caseInsensitive ? anyCase : .predicate(.uppercase)
        case "SPACE": PredefinedClasses.whiteSpace
        case "PUNCT": categories(ScalarPredicate.punctuation)
        case "XDIGIT": hexDigit
        case "ALNUM": alnum
        case "CNTRL": category(.control)
        case "DIGIT": PredefinedClasses.unicodeDigit
        case "BLANK": blank
        case "GRAPH": graph
        case "PRINT": print
        default: nil
        }
    }

    /// Java's `CharPredicates.getUnicodePredicate` (`\p{IsAlphabetic}`, …), falling back to the POSIX forms.
    private static func unicodeProperty(_ upper: String, _ caseInsensitive: Bool) -> ScalarClass? {
        switch upper {
        case "ALPHABETIC": .predicate(.alphabetic)
        case "ASSIGNED": category(.unassigned).negated
        case "CONTROL": category(.control)
        case "HEXDIGIT", "HEX_DIGIT": hexDigit
        case "IDEOGRAPHIC": .predicate(.ideographic)
        case "JOINCONTROL", "JOIN_CONTROL": .of(0x200C...0x200D)
        case "LETTER": categories(ScalarPredicate.letters)
        case "LOWERCASE": caseInsensitive ? anyCase : .predicate(.lowercase)
        case "NONCHARACTERCODEPOINT", "NONCHARACTER_CODE_POINT": noncharacters
        case "TITLECASE": caseInsensitive ? anyCase : category(.titlecaseLetter)
        case "PUNCTUATION": categories(ScalarPredicate.punctuation)
        case "UPPERCASE": caseInsensitive ? anyCase : .predicate(.uppercase)
        case "WHITESPACE", "WHITE_SPACE": PredefinedClasses.whiteSpace
        case "WORD": PredefinedClasses.unicodeWord
        default: posixProperty(upper, caseInsensitive)
        }
    }

    /// U+FDD0-U+FDEF and the last two code points of every plane.
    private static let noncharacters = ScalarClass.ranges(
        ScalarRanges([0xFDD0...0xFDEF] + (0...UInt32(16)).map { ($0 << 16 | 0xFFFE)...($0 << 16 | 0xFFFF) }))

    /// Java's `CharPredicates.forProperty`: general categories, the ASCII POSIX names and the `java…` methods.
    private static func javaProperty(_ name: String, _ caseInsensitive: Bool) -> ScalarClass? {
        if let generalCategory = generalCategory(name, caseInsensitive) { return generalCategory }
        switch name {
        case "all": return ScalarClass.ranges(ScalarRanges([])).negated
        case "ASCII": return .of(0x00...0x7F)
        case "Alnum": return .of(0x30...0x39, 0x41...0x5A, 0x61...0x7A)
        case "Alpha": return .of(0x41...0x5A, 0x61...0x7A)
        case "Blank": return .of(0x09...0x09, 0x20...0x20)
        case "Cntrl": return .of(0x00...0x1F, 0x7F...0x7F)
        case "Digit": return .of(0x30...0x39)
        case "Graph": return .of(0x21...0x7E)
        case "Lower": return caseInsensitive ? .of(0x41...0x5A, 0x61...0x7A) : .of(0x61...0x7A)
        case "Print": return .of(0x20...0x7E)
        case "Punct": return .of(0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E)
        case "Space": return PredefinedClasses.asciiSpace
        case "Upper": return caseInsensitive ? .of(0x41...0x5A, 0x61...0x7A) : .of(0x41...0x5A)
        case "XDigit": return .of(0x30...0x39, 0x41...0x46, 0x61...0x66)
        default: return javaMethod(name, caseInsensitive)
        }
    }

    /// The `\p{javaLowerCase}` family: Java's `Character.isXxx` methods.
    private static func javaMethod(_ name: String, _ caseInsensitive: Bool) -> ScalarClass? {
        switch name {
        case "javaLowerCase": caseInsensitive ? anyCase : .predicate(.lowercase)
        case "javaUpperCase": caseInsensitive ? anyCase : .predicate(.uppercase)
        case "javaTitleCase": caseInsensitive ? anyCase : category(.titlecaseLetter)
        case "javaAlphabetic": .predicate(.alphabetic)
        case "javaIdeographic": .predicate(.ideographic)
        case "javaDigit": category(.decimalNumber)
        case "javaDefined": category(.unassigned).negated
        case "javaLetter": categories(ScalarPredicate.letters)
        case "javaLetterOrDigit": categories(ScalarPredicate.letters | ScalarPredicate.bit(.decimalNumber))
        case "javaJavaIdentifierStart":
            categories(ScalarPredicate.letters | ScalarPredicate.mask(.letterNumber, .currencySymbol, .connectorPunctuation))
        case "javaJavaIdentifierPart":
            .union(of: [
                categories(
                    ScalarPredicate.letters
                        | ScalarPredicate.mask(
                            .currencySymbol, .connectorPunctuation, .decimalNumber, .letterNumber, .spacingMark, .nonspacingMark)),
                identifierIgnorable,
            ])
        case "javaUnicodeIdentifierStart": .predicate(.identifierStart)
        case "javaUnicodeIdentifierPart": .union(of: [.predicate(.identifierContinue), identifierIgnorable])
        case "javaIdentifierIgnorable": identifierIgnorable
        case "javaSpaceChar": categories(ScalarPredicate.separators)
        case "javaWhitespace":
            .union(of: [
                .intersection(of: [categories(ScalarPredicate.separators), .of(0xA0...0xA0, 0x2007...0x2007, 0x202F...0x202F).negated]),
                .of(0x09...0x0D, 0x1C...0x1F),
            ])
        case "javaISOControl": .of(0x00...0x1F, 0x7F...0x9F)
        case "javaMirrored": .predicate(.mirrored)
        default: nil
        }
    }

    /// The two-letter categories (`Lu`), their groups (`L`), and Java's `LC`, `LD`, `L1`; case-sensitive, as in Java.
    private static func generalCategory(_ name: String, _ caseInsensitive: Bool) -> ScalarClass? {
        let mask: UInt32
        switch name {
        case "Lu", "Ll", "Lt":
            if caseInsensitive { return categories(ScalarPredicate.casedLetters) }
            mask = ScalarPredicate.bit(name == "Lu" ? .uppercaseLetter : name == "Ll" ? .lowercaseLetter : .titlecaseLetter)
        case "L": mask = ScalarPredicate.letters
        case "LC": mask = ScalarPredicate.casedLetters
        case "LD": mask = ScalarPredicate.letters | ScalarPredicate.bit(.decimalNumber)
        case "L1": return .of(0x00...0xFF)
        case "M": mask = ScalarPredicate.marks
        case "N": mask = ScalarPredicate.numbers
        case "P": mask = ScalarPredicate.punctuation
        case "S": mask = ScalarPredicate.symbols
        case "Z": mask = ScalarPredicate.separators
        case "C": mask = ScalarPredicate.others
        default:
            guard let single = singleCategories[name] else { return nil }
            mask = ScalarPredicate.bit(single)
        }
        return categories(mask)
    }

    private static let singleCategories: [String: Unicode.GeneralCategory] = [
        "Lm": .modifierLetter, "Lo": .otherLetter, "Mn": .nonspacingMark, "Mc": .spacingMark, "Me": .enclosingMark,
        "Nd": .decimalNumber, "Nl": .letterNumber, "No": .otherNumber, "Pc": .connectorPunctuation, "Pd": .dashPunctuation,
        "Ps": .openPunctuation, "Pe": .closePunctuation, "Pi": .initialPunctuation, "Pf": .finalPunctuation,
        "Po": .otherPunctuation, "Sm": .mathSymbol, "Sc": .currencySymbol, "Sk": .modifierSymbol, "So": .otherSymbol,
        "Zs": .spaceSeparator, "Zl": .lineSeparator, "Zp": .paragraphSeparator, "Cc": .control, "Cf": .format,
        "Cs": .surrogate, "Co": .privateUse, "Cn": .unassigned,
    ]
}
