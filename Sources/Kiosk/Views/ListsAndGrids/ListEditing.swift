// Editing a List, as iOS 17 does: `EditButton` flips the edit mode of its navigation page
// (`@Environment(\.editMode)`: each NavigationStack page keeps one, shared by its content and its
// bar). In edit mode the rows of a `ForEach` with `.onDelete` show a red minus disc at their
// leading edge (the content moves right by 38 points); a tap on it turns the row to confirm —
// a red "Delete" button at its trailing edge —, and a tap on that calls the action with the row's
// offset. Rows of a `ForEach` with `.onMove` show the reorder grip (three lines) at their trailing
// edge: dragging it moves the row with the finger, and the lift calls the action with the row's
// offset and the destination (SwiftUI's: the offset to insert before, in the old order — so a row
// moved down by one row gets offset + 2), by whole row heights dragged. Outside edit mode a
// leftward swipe of at least 60 points on a deletable row reveals the same Delete button; a
// rightward swipe or another tap on the minus disc hides it. The actions take Foundation's
// `IndexSet`, so `onDelete`/`onMove` with IndexSet come with `import SwiftUI`
// (Sources/SwiftUI/OffsetEdits.swift); Kiosk's own spelling takes `[Int]` (`_onDelete`, `_onMove`).
// Not modelled: the rows sliding while a moved row passes over them (they jump at the lift).

/// Whether a view is being edited.
public enum EditMode: Hashable, Sendable {
    case inactive, transient, active
    /// True for `.active` and `.transient`.
    public var isEditing: Bool { self != .inactive }
}

struct EditModeKey: EnvironmentKey { static let defaultValue: Binding<EditMode>? = nil }

extension EnvironmentValues {
    /// The edit mode of the enclosing navigation page (nil outside one).
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// A button that turns the edit mode of its page on ("Edit") and off ("Done", semibold).
///
/// ```swift
/// .toolbar { EditButton() }
/// ```
public struct EditButton: View {
    @Environment(\.editMode) private var editMode
    public init() {}
    public var body: some View {
        let editing = editMode?.wrappedValue.isEditing ?? false
        Button {
            guard let editMode else {
                Diagnostics.warn("EditButton outside a NavigationStack page has no edit mode to change")
                return
            }
            withAnimation(.easeInOut(duration: 0.25)) { editMode.wrappedValue = editing ? .inactive : .active }
        } label: {
            Text(editing ? "Done" : "Edit").fontWeight(editing ? .semibold : .regular)
        }
    }
}

/// A ForEach with edit actions; outside a List it is its content, as a Group is.
public struct _EditableRows<Content: View>: View, PrimitiveView, ListEditableRows {
    let content: Content
    var delete: (([Int]) -> Void)?
    var move: (([Int], Int) -> Void)?
    public var body: Never { bodyNeverCalled("_EditableRows") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    var rowsContent: any View { content }

    /// Kiosk's spelling of `onDelete` (offsets as an array; `import SwiftUI` adds the IndexSet one).
    public func _onDelete(perform action: (([Int]) -> Void)?) -> _EditableRows<Content> {
        var c = self; c.delete = action; return c
    }
    /// Kiosk's spelling of `onMove` (offsets as an array, then the destination offset).
    public func _onMove(perform action: (([Int], Int) -> Void)?) -> _EditableRows<Content> {
        var c = self; c.move = action; return c
    }
}

extension ForEach {
    /// Kiosk's spelling of `onDelete` (offsets as an array; `import SwiftUI` adds the IndexSet one).
    public func _onDelete(perform action: (([Int]) -> Void)?) -> _EditableRows<Self> {
        _EditableRows(content: self, delete: action, move: nil)
    }
    /// Kiosk's spelling of `onMove` (offsets as an array, then the destination offset).
    public func _onMove(perform action: (([Int], Int) -> Void)?) -> _EditableRows<Self> {
        _EditableRows(content: self, delete: nil, move: action)
    }
}

/// What a List needs from a ForEach with edit actions.
protocol ListEditableRows {
    var rowsContent: any View { get }
    var delete: (([Int]) -> Void)? { get }
    var move: (([Int], Int) -> Void)? { get }
}

/// A row's edit actions, as the List's flattening gives them (ListRowTraits.edit).
struct ListRowEdit {
    let offset: Int
    let count: Int
    let delete: (([Int]) -> Void)?
    let move: (([Int], Int) -> Void)?
}

/// A row of a ForEach with edit actions: the minus disc, the Delete button, the grip.
struct EditableRowContent<Content: View>: View {
    let edit: ListRowEdit
    let rowHeight: CGFloat
    let content: Content
    @Environment(\.editMode) private var editMode
    @State private var confirming = false
    @State private var dragY: CGFloat = 0
    /// The delete disc's column: 38 points, the content starts after it.
    static var deleteControlWidth: CGFloat { 38 }

    var body: some View {
        let editing = editMode?.wrappedValue.isEditing ?? false
        HStack(spacing: 0) {
            if editing, edit.delete != nil {
                Button {
                    withAnimation(.easeInOut(duration: 0.25)) { confirming.toggle() }
                } label: {
                    Image(systemName: "minus.circle.fill").font(.system(size: 22)).foregroundColor(Color(uiColor: .systemRed))
                        .rotationEffect(.degrees(confirming ? -90 : 0))
                }
                .buttonStyle(.plain)
                .frame(width: Self.deleteControlWidth, alignment: .leading)
                .transition(.move(edge: .leading).combined(with: .opacity))
            }
            content.frame(maxWidth: .infinity, alignment: .leading)
            if editing, edit.move != nil {
                Image(systemName: "line.3.horizontal").font(.system(size: 17)).foregroundColor(Color(uiColor: .systemGray2))
                    .frame(width: 44, height: 34)
                    .contentShape(Rectangle())
                    .gesture(DragGesture(minimumDistance: 2)
                        .onChanged { dragY = $0.translation.height }
                        .onEnded { value in
                            dragY = 0
                            let steps = Int((value.translation.height / max(rowHeight, 1)).rounded())
                            let target = min(max(edit.offset + steps, 0), edit.count - 1)
                            guard target != edit.offset, let move = edit.move else { return }
                            // SwiftUI's destination: the offset to insert before, in the old order.
                            move([edit.offset], target > edit.offset ? target + 1 : target)
                        })
            }
            if confirming, edit.delete != nil {
                Button {
                    confirming = false
                    edit.delete?([edit.offset])
                } label: {
                    Text("Delete").foregroundColor(.white).padding(.horizontal, 16).frame(maxHeight: .infinity)
                        .background(Color(uiColor: .systemRed))
                }
                .buttonStyle(.plain)
                .padding(.vertical, -11).padding(.trailing, -16)
                .transition(.move(edge: .trailing))
            }
        }
        .offset(y: dragY)
        .zIndex(dragY == 0 ? 0 : 1)
        .contentShape(Rectangle())
        .simultaneousGesture(DragGesture(minimumDistance: 20).onEnded { value in
            guard edit.delete != nil, abs(value.translation.width) > abs(value.translation.height) else { return }
            if value.translation.width < -60 { withAnimation(.easeInOut(duration: 0.25)) { confirming = true } }
            else if value.translation.width > 30 { withAnimation(.easeInOut(duration: 0.25)) { confirming = false } }
        })
        .onChange(of: editing) { _, now in if !now { confirming = false } }
    }
}
