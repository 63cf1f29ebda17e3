// AssetCatalog: Xcode's asset catalogues (`Assets.xcassets`) read as they are, so an app brought
// from Xcode keeps its `Image("logo")`, `Color("Brand")`, `Image(.logo)` and `Color(.brand)`.
//
// A catalogue is a folder tree: `name.imageset/` and `name.colorset/` folders, each with a
// `Contents.json`, inside group folders (a group whose own Contents.json says
// `"provides-namespace": true` puts its name and a slash before its sets' names, as Xcode does).
// kiosk reads the tree once per folder searched (the bundle's folders, the `images` setting, the
// working directory, $KIOSK_ASSETS: a catalogue is found as that folder itself or as a
// `*.xcassets` folder directly inside it), after plain files named `name.png` and the like.
//
// Image sets: the universal (else iPhone) entry without a dark appearance, at the smallest scale
// of 1x, 2x, 3x that has a file — kiosk panels are 1 pixel a point — its point size being its
// pixel size ÷ that scale; a set of one scale-less file (vector) is drawn at its own size. PNG,
// JPEG, WebP, GIF, SVG and PDF are drawn (a PDF's first page, its box in points, through the SVG
// display list: Raster/PDF; one that cannot be read gets one warning naming the file and why,
// and what it holds that is not drawn — text, say — one warning listing it).
// Dark-appearance images and other idioms are not chosen.
// Colour sets: sRGB, Display P3 and extended ranges read as sRGB components (as kiosk's
// `Color(.displayP3, …)` is), grey colour spaces as white levels, components written as floats
// ("0.200"), 8-bit integers ("51") or hex ("0x33"); a light and a dark appearance; a reference to
// a system colour (`"reference": "systemBlueColor"`) is that system colour. A colour set named
// "AccentColor" is `Color.accentColor`, the app's default tint, as in Xcode.
//
// `AssetCatalog.generatedSymbols` writes what Xcode's "generated asset symbols" write
// (`ImageResource.logo`, `ColorResource.brand`, `Color.brand`, `ShapeStyle … .brand`): `kiosk
// assets Assets.xcassets -o Sources/App/GeneratedAssetSymbols.swift`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Raster

/// An Xcode asset catalogue folder (`*.xcassets`): its image sets and colour sets by name.
public struct AssetCatalog: Sendable {
    /// The file an image set draws, and the scale it was made for.
    public struct ImageSet: Sendable, Equatable {
        /// The chosen file (nil: the set names no file kiosk can choose).
        public let path: String?
        /// 1, 2 or 3: pixels per point of that file.
        public let scale: Int
    }

    /// The catalogue's folder.
    public let path: String
    /// Image sets by name (with namespace folders' prefixes, "Folder/name").
    public private(set) var images: [String: ImageSet] = [:]
    /// Colour sets by name.
    public private(set) var colors: [String: Color] = [:]
    /// What could not be read, one line each (a Contents.json that is not JSON, a colour with no
    /// components…). The set is left out; the rest of the catalogue is read.
    public private(set) var problems: [String] = []

    /// Reads the catalogue at `path` (a folder); an unreadable folder has no sets.
    public init(path: String) {
        self.path = path
        walk(path, prefix: "")
    }

    private mutating func walk(_ dir: String, prefix: String) {
        for entry in Syscall.listDirectory(dir) {
            let full = dir + "/" + entry
            guard Self.isDirectory(full) else { continue }
            if entry.hasSuffix(".imageset") {
                readImageSet(full, name: prefix + String(entry.dropLast(".imageset".count)))
            } else if entry.hasSuffix(".colorset") {
                readColorSet(full, name: prefix + String(entry.dropLast(".colorset".count)))
            } else if !Self.isOtherSet(entry) {
                let group = Self.contents(GroupContents.self, at: full)
                let namespace = group?.properties?.providesNamespace == true
                walk(full, prefix: namespace ? prefix + entry + "/" : prefix)
            }
        }
    }

    /// App icons, symbol sets, data sets, launch images, textures…: not views' images.
    private static func isOtherSet(_ entry: String) -> Bool {
        guard let dot = entry.lastIndex(of: ".") else { return false }
        let ext = entry[entry.index(after: dot)...]
        return ext.hasSuffix("set") || ["launchimage", "brandassets", "imagestack", "spriteatlas", "arresourcegroup"].contains(ext)
    }

    private mutating func readImageSet(_ dir: String, name: String) {
        guard let c = Self.contents(ImageSetContents.self, at: dir, problems: &problems) else { return }
        // Light appearance (no luminosity, or "light"), universal idiom first, then iPhone's.
        let usable = (c.images ?? []).filter { $0.filename != nil && !Appearance.isDark($0.appearances) && !Appearance.isSpecial($0.appearances) }
        let pool = usable.filter { ($0.idiom ?? "universal") == "universal" }.nonEmpty
            ?? usable.filter { $0.idiom == "iphone" }.nonEmpty ?? usable
        func scale(_ e: ImageSetContents.Entry) -> Int {
            guard let s = e.scale, let v = Int(s.prefix { $0.isNumber }), v >= 1 else { return 1 }
            return min(v, 3)
        }
        guard let pick = pool.min(by: { scale($0) < scale($1) }), let file = pick.filename else {
            images[name] = ImageSet(path: nil, scale: 1)
            return
        }
        images[name] = ImageSet(path: dir + "/" + file, scale: scale(pick))
    }

    private mutating func readColorSet(_ dir: String, name: String) {
        guard let c = Self.contents(ColorSetContents.self, at: dir, problems: &problems) else { return }
        let entries = (c.colors ?? []).filter { !Appearance.isSpecial($0.appearances) }
        let pool = entries.filter { ($0.idiom ?? "universal") == "universal" }.nonEmpty
            ?? entries.filter { $0.idiom == "iphone" }.nonEmpty ?? entries
        // Xcode's template AccentColor has no colour at all: nothing to read, nothing wrong.
        guard pool.contains(where: { $0.color != nil }) else { return }
        let light = pool.first { !Appearance.isDark($0.appearances) }?.color.flatMap { Self.rgba($0) }
        let dark = pool.first { Appearance.isDark($0.appearances) }?.color.flatMap { Self.rgba($0) }
        guard let l = light ?? dark else {
            problems.append("\(dir): no colour kiosk can read (sRGB, Display P3 or grey components, or a system colour)")
            return
        }
        colors[name] = Color(light: l.light, dark: (dark ?? l).dark)
    }

    /// A colour entry as a light and dark pair (a system colour brings both).
    private static func rgba(_ v: Value) -> (light: Color.RGBA, dark: Color.RGBA)? {
        if let ref = v.reference {
            guard let c = systemColor(ref) else { return nil }
            return (c.light, c.dark)
        }
        guard let comps = v.components else { return nil }
        let space = v.colorSpace ?? "srgb"
        func value(_ key: String, alpha: Bool = false) -> Double? {
            guard let raw = comps[key]?.text else { return nil }
            let text = String(raw.filter { $0 != " " })
            let x: Double?
            if text.hasPrefix("0x") || text.hasPrefix("0X") {
                x = UInt32(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
            } else if text.contains(".") || alpha {
                x = Double(text)
            } else {
                x = Double(text).map { $0 / 255 }   // "8-bit" components: 0…255
            }
            guard let x, x.isFinite else { return nil }
            return alpha ? min(1, max(0, x)) : x
        }
        let a = value("alpha", alpha: true) ?? 1
        if space.contains("gray") {
            guard let w = value("white") else { return nil }
            let c = Color.RGBA(r: w, g: w, b: w, a: a)
            return (c, c)
        }
        guard let r = value("red"), let g = value("green"), let b = value("blue") else { return nil }
        let c = Color.RGBA(r: r, g: g, b: b, a: a)
        return (c, c)
    }

    /// "systemBlueColor", "labelColor", "systemBackgroundColor"…: UIKit's system colours.
    static func systemColor(_ reference: String) -> Color? {
        let name = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
        let table: [String: UIColor] = [
            "systemRed": .systemRed, "systemOrange": .systemOrange, "systemYellow": .systemYellow, "systemGreen": .systemGreen,
            "systemMint": .systemMint, "systemTeal": .systemTeal, "systemCyan": .systemCyan, "systemBlue": .systemBlue,
            "systemIndigo": .systemIndigo, "systemPurple": .systemPurple, "systemPink": .systemPink, "systemBrown": .systemBrown,
            "systemGray": .systemGray, "systemGray2": .systemGray2, "systemGray3": .systemGray3, "systemGray4": .systemGray4,
            "systemGray5": .systemGray5, "systemGray6": .systemGray6, "label": .label, "secondaryLabel": .secondaryLabel,
            "tertiaryLabel": .tertiaryLabel, "quaternaryLabel": .quaternaryLabel, "placeholderText": .placeholderText,
            "systemFill": .systemFill, "secondarySystemFill": .secondarySystemFill, "tertiarySystemFill": .tertiarySystemFill,
            "quaternarySystemFill": .quaternarySystemFill, "systemBackground": .systemBackground,
            "secondarySystemBackground": .secondarySystemBackground, "tertiarySystemBackground": .tertiarySystemBackground,
            "systemGroupedBackground": .systemGroupedBackground, "secondarySystemGroupedBackground": .secondarySystemGroupedBackground,
            "tertiarySystemGroupedBackground": .tertiarySystemGroupedBackground, "separator": .separator,
            "opaqueSeparator": .opaqueSeparator, "black": .black, "white": .white, "darkGray": .darkGray, "lightGray": .lightGray,
            "gray": .gray, "red": .red, "green": .green, "blue": .blue, "cyan": .cyan, "yellow": .yellow, "magenta": .magenta,
            "orange": .orange, "purple": .purple, "brown": .brown, "clear": .clear,
        ]
        return table[name]?.color
    }

    // MARK: Contents.json

    private struct GroupContents: Decodable {
        struct Properties: Decodable {
            let providesNamespace: Bool?
            enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
        }
        let properties: Properties?
    }
    private struct Appearance: Decodable {
        let appearance: String, value: String
        static func isDark(_ list: [Appearance]?) -> Bool {
            list?.contains { $0.appearance == "luminosity" && $0.value == "dark" } ?? false
        }
        /// High contrast and other variants kiosk does not show.
        static func isSpecial(_ list: [Appearance]?) -> Bool {
            list?.contains { $0.appearance != "luminosity" } ?? false
        }
    }
    private struct ImageSetContents: Decodable {
        struct Entry: Decodable {
            let filename: String?, idiom: String?, scale: String?
            let appearances: [Appearance]?
        }
        let images: [Entry]?
    }
    private struct ColorSetContents: Decodable {
        struct Entry: Decodable {
            let color: Value?, idiom: String?
            let appearances: [Appearance]?
        }
        let colors: [Entry]?
    }
    fileprivate struct Value: Decodable {
        let colorSpace: String?, components: [String: Component]?, reference: String?
        enum CodingKeys: String, CodingKey { case colorSpace = "color-space", components, reference }
    }
    /// A component as Xcode writes it (a string) or as a hand-written file may (a number).
    fileprivate struct Component: Decodable {
        let text: String
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { text = s } else { text = String(try c.decode(Double.self)) }
        }
    }

    private static func contents<T: Decodable>(_ type: T.Type, at dir: String) -> T? {
        var ignored: [String] = []
        return contents(type, at: dir, problems: &ignored)
    }

    private static func contents<T: Decodable>(_ type: T.Type, at dir: String, problems: inout [String]) -> T? {
        let file = dir + "/Contents.json"
        guard let bytes = Syscall.readFile(file, limit: 1 << 20) else {
            problems.append("\(file): missing or unreadable")
            return nil
        }
        do { return try JSONDecoder().decode(T.self, from: Data(bytes)) } catch {
            problems.append("\(file): not an asset catalogue's Contents.json (\(error))")
            return nil
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}

private extension Array {
    var nonEmpty: [Element]? { isEmpty ? nil : self }
}

// MARK: Finding catalogues

extension AssetCatalog {
    /// Catalogues read so far, by the folder searched (read once per process; `forget` clears).
    private static let found = Locked([String: [AssetCatalog]]())

    /// The catalogues in `directory`: the folder itself when its name ends in `.xcassets`, else
    /// every `*.xcassets` folder directly inside it. Problems are warned about once, when read.
    static func catalogs(in directory: String) -> [AssetCatalog] {
        let dir = directory.isEmpty ? "." : (directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory)
        if let known = found.withLock({ $0[dir] }) { return known }
        var list: [AssetCatalog] = []
        if dir.hasSuffix(".xcassets") {
            if isDirectory(dir) { list.append(AssetCatalog(path: dir)) }
        } else {
            for entry in Syscall.listDirectory(dir) where entry.hasSuffix(".xcassets") && isDirectory(dir + "/" + entry) {
                list.append(AssetCatalog(path: dir + "/" + entry))
            }
        }
        for c in list { for p in c.problems { Diagnostics.warn("asset catalogue: \(p)") } }
        found.withLock { $0[dir] = list }
        return list
    }

    /// Forgets the catalogues read (tests; the `images` setting changing).
    static func forget() {
        found.withLock { $0.removeAll() }
        NamedColors.forgetCatalogColors()
    }

    /// The image set `name` in the catalogues of `directories`, searched in order.
    static func imageSet(named name: String, in directories: [String]) -> ImageSet? {
        for d in directories { for c in catalogs(in: d) { if let s = c.images[name] { return s } } }
        return nil
    }

    /// The colour set `name` in the catalogues of `directories`, searched in order.
    static func color(named name: String, in directories: [String]) -> Color? {
        for d in directories { for c in catalogs(in: d) { if let s = c.colors[name] { return s } } }
        return nil
    }
}
