/**
 * Keys of {@link io.tablemapper.annotations.Encrypted} properties kept in Azure Key Vault: AES-256 data keys stored
 * wrapped by a Key Vault key and unwrapped once, when first needed ({@link KeyVaultKeyResolver}).
 */
package io.tablemapper.keyvault;
