//! Charts: their geometry ([`geometry`], plain numbers for SVG), allocation shares
//! ([`allocation`]), reading a chart point by point ([`pointing`]), and the area and donut
//! charts, each with a table alternative.

pub mod allocation;
pub mod area;
pub mod donut;
pub mod geometry;
pub mod pointing;
pub mod table_alternative;
pub mod ticks;
