//! What `merge_modules::merge` reads of each module before writing anything: its function
//! types, its imports and how many things of each kind it defines.

use wasmparser::{FuncType, Parser, Payload, TypeRef};

/// One import of the merged module: where it comes from and what it is.
#[derive(Clone, Debug)]
pub struct Import {
    /// The module name it is imported from (`__wasm_split`).
    pub module: String,
    /// Its name there (`memory`, `__indirect_function_table`, …).
    pub name: String,
    /// What it is (a function's type index is the merged module's).
    pub ty: TypeRef,
}

/// What the first reading of one input module found: its types, its imports and how many of
/// each thing it defines.
#[derive(Default)]
pub struct Shape {
    /// Its function types, in index order.
    pub types: Vec<FuncType>,
    /// Its imports, in index order.
    pub imports: Vec<Import>,
    /// How many things of each kind it defines.
    pub defines: Counts,
    /// Its `target_features` custom section, if any.
    pub target_features: Option<Vec<u8>>,
}

/// The kinds of import, each with its own index space.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A function.
    Function,
    /// A table.
    Table,
    /// A memory.
    Memory,
    /// A global.
    Global,
    /// A tag or anything else Folio's modules do not import.
    Other,
}

/// The kind of an import.
pub fn kind(ty: &TypeRef) -> Kind {
    match ty {
        TypeRef::Func(_) => Kind::Function,
        TypeRef::Table(_) => Kind::Table,
        TypeRef::Memory(_) => Kind::Memory,
        TypeRef::Global(_) => Kind::Global,
        _ => Kind::Other,
    }
}

/// The import both modules can share, when `a` and `b` are the same import.
pub fn same_import(a: TypeRef, b: TypeRef) -> Option<TypeRef> {
    match (a, b) {
        (TypeRef::Memory(x), TypeRef::Memory(y))
            if (x.memory64, x.shared, x.maximum, x.page_size_log2)
                == (y.memory64, y.shared, y.maximum, y.page_size_log2) =>
        {
            Some(TypeRef::Memory(if x.initial >= y.initial { x } else { y }))
        }
        (TypeRef::Table(x), TypeRef::Table(y))
            if (x.element_type, x.table64, x.maximum, x.shared)
                == (y.element_type, y.table64, y.maximum, y.shared) =>
        {
            Some(TypeRef::Table(if x.initial >= y.initial { x } else { y }))
        }
        (x, y) if x == y => Some(x),
        _ => None,
    }
}

/// Reads what `merge` needs to know of a module before writing anything.
pub fn shape(bytes: &[u8]) -> Result<Shape, String> {
    let mut s = Shape::default();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(|e| e.to_string())? {
            Payload::Version { .. } | Payload::End(_) | Payload::CodeSectionStart { .. } => {}
            Payload::TypeSection(reader) => {
                for group in reader {
                    let group = group.map_err(|e| e.to_string())?;
                    if group.is_explicit_rec_group() {
                        return Err("a recursive type group".into());
                    }
                    for sub in group.into_types() {
                        if !sub.is_final || !sub.supertype_idxs.is_empty() {
                            return Err("a subtype".into());
                        }
                        match sub.composite_type.inner {
                            wasmparser::CompositeInnerType::Func(f) => s.types.push(f),
                            _ => return Err("a type that is not a function type".into()),
                        }
                    }
                }
            }
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    s.imports.push(Import {
                        module: import.module.into(),
                        name: import.name.into(),
                        ty: import.ty,
                    });
                }
            }
            Payload::FunctionSection(r) => s.defines.functions = r.count(),
            Payload::TableSection(r) => s.defines.tables = r.count(),
            Payload::MemorySection(r) => s.defines.memories = r.count(),
            Payload::GlobalSection(r) => s.defines.globals = r.count(),
            Payload::ElementSection(r) => s.defines.elements = r.count(),
            Payload::DataSection(r) => s.defines.datas = r.count(),
            Payload::DataCountSection { .. } | Payload::ExportSection(_) => {}
            Payload::CodeSectionEntry(_) => {}
            Payload::CustomSection(c) => {
                if c.name() == "target_features" {
                    s.target_features = Some(c.data().to_vec());
                }
            }
            Payload::StartSection { .. } => return Err("a start function".into()),
            _ => return Err("a section Folio's modules do not have".into()),
        }
    }
    Ok(s)
}

/// How many things of each kind a module defines (or the modules merged so far).
#[derive(Default)]
pub struct Counts {
    /// Functions.
    pub functions: u32,
    /// Tables.
    pub tables: u32,
    /// Memories.
    pub memories: u32,
    /// Globals.
    pub globals: u32,
    /// Element segments.
    pub elements: u32,
    /// Data segments.
    pub datas: u32,
}

impl Counts {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Counts) {
        self.functions += other.functions;
        self.tables += other.tables;
        self.memories += other.memories;
        self.globals += other.globals;
        self.elements += other.elements;
        self.datas += other.datas;
    }
}
