/** Entities shaped as a .NET service writes its rows, for the interop tests. */
package io.tablemapper.interop.dotnet;
