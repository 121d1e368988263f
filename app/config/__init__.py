"""Configuration: schema (declared once), loader, live reload."""
from . import paths
from .loader import Config, ConfigError, defaults, load_file, parse_text
from .manager import ConfigChange, ConfigManager, write_default

__all__ = ["Config", "ConfigError", "ConfigChange", "ConfigManager", "defaults", "load_file", "parse_text",
           "write_default", "paths"]
