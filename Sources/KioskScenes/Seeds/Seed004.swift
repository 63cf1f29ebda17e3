// Seed 004 (shared/seeds/004_d4cd916f81a8f485.txt), as written but `import Kiosk`: two ways
// to cross-fade a counter — `.transition(.opacity)` with `.id("MyText\(count)")`, and a ZStack
// of the old and new values whose opacities swap, set up by an unanimated write just before
// `withAnimation`. The seed shows fragments; `IDFadeCounter` and `FadeCounter` are the minimal
// screens around them (the font size is ours).
import Kiosk

struct FadeView: View {
    @Binding var newValue: Int
    @Binding var isNewValueVisible: Bool
    var oldValue: Int {
        self.newValue - 1
    }
    var body: some View {
        ZStack {
            Text("\(oldValue)")
                .opacity(isNewValueVisible ? 0 : 1)
            Text("\(newValue)")
                .opacity(isNewValueVisible ? 1 : 0)
        }
    }
}

/// The seed's first way: a new identity per value, faded in and out.
struct IDFadeCounter: View {
    @State private var count = 1
    var body: some View {
        Text("\(count)")
            .transition(.opacity)
            .id("MyText\(count)")
            .font(.system(size: 96))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .contentShape(Rectangle())
            .onTapGesture {
                withAnimation(.easeInOut(duration: 0.3)) {
                    count += 1
                }
            }
    }
}

/// The seed's second way: FadeView, with the update the seed describes.
struct FadeCounter: View {
    @State private var count = 1
    @State private var isNewValueVisible = true
    var body: some View {
        FadeView(newValue: $count, isNewValueVisible: $isNewValueVisible)
            .font(.system(size: 96))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .contentShape(Rectangle())
            .onTapGesture {
                count += 1
                isNewValueVisible = false
                withAnimation(.easeInOut(duration: 0.3)) {
                    self.isNewValueVisible = true
                }
            }
    }
}
