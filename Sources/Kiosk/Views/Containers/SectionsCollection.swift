// iOS 18's `ForEach(sections:)` and `Group(sections:)`: a view's content taken apart into its
// Sections, each with its header, content and footer as subviews (Subviews.swift), so a
// container can draw its own section chrome.
//
//     struct Board<Content: View>: View {
//         @ViewBuilder var content: Content
//         var body: some View {
//             VStack {
//                 ForEach(sections: content) { section in
//                     section.header.first?.font(.headline)
//                     ForEach(section.content) { $0.padding(4) }
//                 }
//             }
//         }
//     }
//
// The content is walked as `ForEach(subviews:)` walks it (blocks, ForEach, Group, AnyView);
// a `Section` met on the way is one section; consecutive views outside any Section make one
// section of their own with no header or footer, as in SwiftUI. A section's id is the path of
// keys to it. Container values (`section.containerValues`) are not read by kiosk.

/// One section of a view's content.
public struct SectionConfiguration: Identifiable {
    /// The section's identity: the keys on the way to it.
    public struct ID: Hashable { let keys: [AnyHashable] }
    public let id: ID
    /// The header's subviews (empty when the section has none).
    public let header: SubviewsCollection
    /// The section's content, subview by subview.
    public let content: SubviewsCollection
    /// The footer's subviews (empty when the section has none).
    public let footer: SubviewsCollection
}

/// The sections of a view, in order.
public struct SectionCollection: RandomAccessCollection {
    let elements: [SectionConfiguration]
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> SectionConfiguration { elements[position] }

    init<V: View>(_ view: V) {
        var out: [SectionConfiguration] = []
        var loose: [Subview] = []
        var looseStart: [AnyHashable] = []
        func flush() {
            guard !loose.isEmpty else { return }
            out.append(SectionConfiguration(id: SectionConfiguration.ID(keys: looseStart), header: SubviewsCollection(subviews: []),
                                            content: SubviewsCollection(subviews: loose), footer: SubviewsCollection(subviews: [])))
            loose = []
        }
        func parts(_ v: (any View)?) -> SubviewsCollection {
            guard let v else { return SubviewsCollection(subviews: []) }
            return SubviewsCollection(v)
        }
        SubviewsCollection.walk(view, path: [], claim: { v, path in
            guard let section = v as? any ListSection else { return false }
            flush()
            out.append(SectionConfiguration(id: SectionConfiguration.ID(keys: path), header: parts(section.headerView),
                                            content: SubviewsCollection(section.contentView), footer: parts(section.footerView)))
            return true
        }, leaf: { v, path in
            if loose.isEmpty { looseStart = path }
            loose.append(Subview(id: Subview.ID(keys: path), view: AnyView(v)))
        })
        flush()
        elements = out
    }
}

extension SubviewsCollection {
    init(subviews: [Subview]) { elements = subviews }
}

extension ForEach where Data == SectionCollection, ID == SectionConfiguration.ID, Content: View {
    /// One `content` per section of `view`.
    public init<V: View>(sections view: V, @ViewBuilder content: @escaping (SectionConfiguration) -> Content) {
        self.init(SectionCollection(view), id: \.id, content: content)
    }
}

/// `Group(sections:transform:)`'s content: the transform's result for the sections.
public struct _GroupSections<Base: View, Result: View>: View {
    let base: Base
    let transform: (SectionCollection) -> Result
    public var body: some View { transform(SectionCollection(base)) }
}

extension Group {
    /// The view that `transform` makes of `view`'s sections.
    public init<Base: View, Result: View>(sections view: Base, @ViewBuilder transform: @escaping (SectionCollection) -> Result)
    where Content == _GroupSections<Base, Result> {
        self.content = _GroupSections(base: view, transform: transform)
    }
}
