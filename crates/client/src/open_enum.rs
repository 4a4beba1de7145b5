//! `open_enum!`: string enums that never fail to parse.
//!
//! The service adds statuses and types over time. Every enum the client reads is "open": the
//! known values become variants, anything else is kept verbatim in `Other(String)` so the app
//! can still show it. Matching is case-insensitive; the canonical spelling is kept for output.

macro_rules! open_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident => $text:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value this client does not know, kept exactly as the service sent it.
            Other(String),
        }

        impl $name {
            /// Every known value, in declaration order.
            pub const KNOWN: &'static [$name] = &[ $( $name::$variant ),+ ];

            /// Parses a wire value; unknown values become `Other`. Never fails.
            pub fn parse(text: &str) -> Self {
                $( if text.eq_ignore_ascii_case($text) { return $name::$variant; } )+
                $name::Other(text.to_string())
            }

            /// The wire spelling (for `Other`, the text as received).
            pub fn as_str(&self) -> &str {
                match self {
                    $( $name::$variant => $text, )+
                    $name::Other(text) => text,
                }
            }

            /// The wire spelling of a known value, not borrowed from it (`None` for `Other`).
            pub fn known_str(&self) -> Option<&'static str> {
                match self {
                    $( $name::$variant => Some($text), )+
                    $name::Other(_) => None,
                }
            }

            /// Whether this is one of the values the client knows.
            pub fn is_known(&self) -> bool {
                !matches!(self, $name::Other(_))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                Ok($name::parse(&text))
            }
        }
    };
}
