// Shape shorthands (iOS 17): `.rect`, `.rect(cornerRadius:)`, `.rect(cornerRadii:)`, `.capsule`,
// `.circle`, `.ellipse` wherever a Shape is expected, as in SwiftUI:
//
//     Image("photo").clipShape(.rect(cornerRadius: 8))
//     Text("New").padding(6).background(.blue, in: .capsule)

extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rectangle with rounded corners of `cornerRadius` (continuous, like iOS, by default).
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    /// A rectangle with rounded corners of `cornerSize`.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    /// A rectangle whose corners have their own radii.
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
    /// A rectangle whose corners have their own radii (0 where not given).
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}

extension Shape where Self == Capsule {
    /// A capsule (continuous corners).
    public static var capsule: Capsule { Capsule() }
    /// A capsule with corners of `style`.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Shape where Self == Circle {
    /// A circle, centred in the frame.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    /// An ellipse filling the frame.
    public static var ellipse: Ellipse { Ellipse() }
}

extension ShapeStyle where Self == Color {
    /// The fourth level of foreground content: iOS's quaternaryLabel (#3C3C43 at 18 %, dark
    /// #EBEBF5 at 16 %). kiosk resolves hierarchical levels to these fixed colours.
    public static var quaternary: Color {
        Color(light: Color.RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.18), dark: Color.RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.16))
    }
    /// The fifth level of foreground content (iOS 17): #3C3C43 at 7 % (dark #EBEBF5 at 7 %).
    public static var quinary: Color {
        Color(light: Color.RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.07), dark: Color.RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.07))
    }
}
