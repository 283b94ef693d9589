/// A Unicode property a class can test that is not a short list of ranges: general categories and the binary
/// properties Java's `Character` methods read, taken from `Unicode.Scalar.Properties` (macOS 10.15+).
enum ScalarPredicate: Sendable, Hashable {
    /// The scalar's general category is one of a set (bits from ``bit(_:)``).
    case categories(UInt32)
    /// Unicode `Alphabetic` (Java `Character.isAlphabetic`).
    case alphabetic
    /// Unicode `Ideographic` (Java `Character.isIdeographic`).
    case ideographic
    /// Unicode `Lowercase` (Java `Character.isLowerCase`).
    case lowercase
    /// Unicode `Uppercase` (Java `Character.isUpperCase`).
    case uppercase
    /// Unicode `ID_Start` (Java `Character.isUnicodeIdentifierStart`).
    case identifierStart
    /// Unicode `ID_Continue` (most of Java `Character.isUnicodeIdentifierPart`).
    case identifierContinue
    /// Unicode `Bidi_Mirrored` (Java `Character.isMirrored`).
    case mirrored

    /// Whether `value` has the property; surrogate values have none.
    func contains(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else {
            // Only the surrogate category can hold a value that is not a scalar.
            if case .categories(let mask) = self { return mask & Self.bit(.surrogate) != 0 }
            return false
        }
        let properties = scalar.properties
        switch self {
        case .categories(let mask): return mask & Self.bit(properties.generalCategory) != 0
        case .alphabetic: return properties.isAlphabetic
        case .ideographic: return properties.isIdeographic
        case .lowercase: return properties.isLowercase
        case .uppercase: return properties.isUppercase
        case .identifierStart: return properties.isIDStart
        case .identifierContinue: return properties.isIDContinue
        case .mirrored: return properties.isBidiMirrored
        }
    }

    /// The general category of `value`, or `.surrogate` for a surrogate code point.
    static func category(of value: UInt32) -> Unicode.GeneralCategory {
        Unicode.Scalar(value)?.properties.generalCategory ?? .surrogate
    }

    /// The mask bit of one general category.
    static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
        1 << index(category)
    }

    /// The mask of several general categories.
    static func mask(_ categories: Unicode.GeneralCategory...) -> UInt32 {
        categories.reduce(0) { $0 | bit($1) }
    }

    /// Letters: Lu Ll Lt Lm Lo.
    static let letters = mask(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter)
    /// Cased letters: Lu Ll Lt.
    static let casedLetters = mask(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter)
    /// Marks: Mn Mc Me.
    static let marks = mask(.nonspacingMark, .spacingMark, .enclosingMark)
    /// Numbers: Nd Nl No.
    static let numbers = mask(.decimalNumber, .letterNumber, .otherNumber)
    /// Punctuation: Pc Pd Ps Pe Pi Pf Po.
    static let punctuation = mask(
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation)
    /// Symbols: Sm Sc Sk So.
    static let symbols = mask(.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol)
    /// Separators: Zs Zl Zp.
    static let separators = mask(.spaceSeparator, .lineSeparator, .paragraphSeparator)
    /// Other: Cc Cf Cs Co Cn.
    static let others = mask(.control, .format, .surrogate, .privateUse, .unassigned)

    /// Whether Java's `Character.isLetterOrDigit` holds (what `\b` asks of the scalar before a run of marks).
    static func isLetterOrDigit(_ value: UInt32) -> Bool {
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        return (letters | bit(.decimalNumber)) & bit(category(of: value)) != 0
    }

    private static func index(_ category: Unicode.GeneralCategory) -> UInt32 {
        switch category {
        case .uppercaseLetter: 0
        case .lowercaseLetter: 1
        case .titlecaseLetter: 2
        case .modifierLetter: 3
        case .otherLetter: 4
        case .nonspacingMark: 5
        case .spacingMark: 6
        case .enclosingMark: 7
        case .decimalNumber: 8
        case .letterNumber: 9
        case .otherNumber: 10
        case .connectorPunctuation: 11
        case .dashPunctuation: 12
        case .openPunctuation: 13
        case .closePunctuation: 14
        case .initialPunctuation: 15
        case .finalPunctuation: 16
        case .otherPunctuation: 17
        case .mathSymbol: 18
        case .currencySymbol: 19
        case .modifierSymbol: 20
        case .otherSymbol: 21
        case .spaceSeparator: 22
        case .lineSeparator: 23
        case .paragraphSeparator: 24
        case .control: 25
        case .format: 26
        case .surrogate: 27
        case .privateUse: 28
        case .unassigned: 29
        @unknown default: 29
        }
    }
}
