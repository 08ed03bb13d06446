import { useState } from 'react'
import { favouriteCreate, favouriteDelete, favouriteList, type Favourite } from '../../../shared/contract/platform/userCentre/favourites'
import { callHub } from '../../api/hub'
import { useHubQuery } from '../../api/query'

/** The signed-in user's favourites and the three calls on them; failures toast (hub client). */
export function useFavourites() {
  const [items, setItems] = useState<Favourite[]>([])
  // The answer seeds the page's own list, which add and remove then change in place.
  const { loading, reload } = useHubQuery(favouriteList, undefined, { onLoaded: setItems })

  const add = async (menuId: string): Promise<boolean> => {
    const r = await callHub(favouriteCreate, { menuId })
    if (r.ok) setItems((list) => [r.data, ...list])
    return r.ok
  }
  const remove = async (id: string): Promise<boolean> => {
    const r = await callHub(favouriteDelete, { id })
    // Already gone (another window): the list shows what the hub has.
    if (r.ok || r.code === '4040') setItems((list) => list.filter((f) => f.id !== id))
    return r.ok
  }
  return { items, loading, add, remove, reload }
}
